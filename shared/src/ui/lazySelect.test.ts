// @vitest-environment jsdom
// (A .ts file: the web test project does not take the kit's folder; JSX is written as createElement.)
import '@tradeboard/shared/testing/setupDom';
import { createElement, useState, type ReactNode } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AutoComplete, Select } from './lazySelect.tsx';

/** Whether antd's code draws the combobox (its input has an id; the stand-in's has none). */
const isAntd = (combobox: HTMLElement) => combobox.id !== '';

function Search({ onText }: { onText?: (text: string) => void }): ReactNode {
  const [text, setText] = useState('');
  return createElement(AutoComplete, {
    'aria-label': 'Jump to account',
    placeholder: 'Jump to Customer…',
    value: text,
    onChange: (value: string) => {
      setText(value);
      onText?.(value);
    },
    options: text ? [{ value: `${text} Tools` }] : [],
  });
}

describe("the kit's Select and AutoComplete", () => {
  it("draw antd's markup with the combobox's name and value until first pointed at, then antd's Select", async () => {
    render(createElement(Select, { 'aria-label': 'Match', value: 'Exact', options: [{ value: 'Contains', label: 'Contains' }, { value: 'Exact', label: 'Exact' }] }));
    const standIn = screen.getByRole('combobox', { name: 'Match' });
    expect(isAntd(standIn)).toBe(false);
    expect(standIn.closest('.ant-select.ant-select-single.ant-select-show-arrow')).toBeTruthy();
    expect(screen.getByTitle('Exact')).toBeTruthy();
    fireEvent.pointerOver(standIn);
    await waitFor(() => expect(isAntd(screen.getByRole('combobox', { name: 'Match' }))).toBe(true));
    expect(screen.getByTitle('Exact')).toBeTruthy();
  });

  it('a press on the stand-in opens the Select once loaded', async () => {
    render(createElement(Select, { 'aria-label': 'Account type', value: 'Customer', options: [{ value: 'Customer', label: 'Customer' }, { value: 'Prospect', label: 'Prospect' }] }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Account type' }));
    fireEvent.focus(screen.getByRole('combobox', { name: 'Account type' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Account type' }).getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getByTitle('Prospect')).toBeTruthy();
  });

  it('keeps what is typed before its code loads, with the focus and caret, and opens', async () => {
    const typed: string[] = [];
    render(createElement(Search, { onText: (text) => typed.push(text) }));
    const standIn = screen.getByRole<HTMLInputElement>('combobox', { name: 'Jump to account' });
    expect(standIn.closest('.ant-select-auto-complete')).toBeTruthy();
    expect(screen.getByText('Jump to Customer…')).toBeTruthy();
    standIn.focus();
    fireEvent.change(standIn, { target: { value: 'Acm' } });
    standIn.setSelectionRange(1, 1);
    expect(typed).toEqual(['Acm']);
    await waitFor(() => expect(isAntd(screen.getByRole('combobox', { name: 'Jump to account' }))).toBe(true));
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Jump to account' });
    expect(input.value).toBe('Acm');
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([1, 1]);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByTitle('Acm Tools')).toBeTruthy();
  });
});
