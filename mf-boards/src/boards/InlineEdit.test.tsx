import '@tradeboard/shared/testing/setupDom';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InlineEdit, nameToSave } from './InlineEdit.tsx';

async function setup(value = 'Pipeline') {
  const onSave = vi.fn();
  const onDone = vi.fn();
  render(<InlineEdit value={value} label="Board name" onSave={onSave} onDone={onDone} />);
  return { onSave, onDone, input: await screen.findByRole('textbox', { name: 'Board name' }, { timeout: 12_000 }) };
}

describe('inline rename (seed 000 §5)', () => {
  it('Enter saves the trimmed name', async () => {
    const { onSave, onDone, input } = await setup();
    fireEvent.change(input, { target: { value: '  Q3 Pipeline  ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSave).toHaveBeenCalledWith('Q3 Pipeline');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('Tab saves, click outside (blur) saves — once', async () => {
    const tab = await setup();
    fireEvent.change(tab.input, { target: { value: 'By tab' } });
    fireEvent.keyDown(tab.input, { key: 'Tab' });
    fireEvent.blur(tab.input);
    expect(tab.onSave).toHaveBeenCalledTimes(1);
    expect(tab.onSave).toHaveBeenCalledWith('By tab');
  });

  it('blur saves', async () => {
    const { onSave, input } = await setup();
    fireEvent.change(input, { target: { value: 'Clicked away' } });
    fireEvent.blur(input);
    expect(onSave).toHaveBeenCalledWith('Clicked away');
  });

  it('Escape cancels', async () => {
    const { onSave, onDone, input } = await setup();
    fireEvent.change(input, { target: { value: 'Nope' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    fireEvent.blur(input);
    expect(onSave).not.toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('empty or unchanged names are not saved', async () => {
    const empty = await setup();
    fireEvent.change(empty.input, { target: { value: '   ' } });
    fireEvent.keyDown(empty.input, { key: 'Enter' });
    expect(empty.onSave).not.toHaveBeenCalled();
    expect(nameToSave(' Pipeline ', 'Pipeline')).toBeNull();
    expect(nameToSave('Rep’s board', 'x')).toBe("Rep's board");
  });
});
