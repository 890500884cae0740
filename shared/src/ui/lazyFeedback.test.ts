// @vitest-environment jsdom
// (A .ts file: the web test project does not take the kit's folder; JSX is written as createElement.)
import '@tradeboard/shared/testing/setupDom';
import { createElement, type ReactNode } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FeedbackRoot, Modal, useFeedback } from './lazyFeedback.tsx';

/** Saves, then says so; Delete asks first. */
function Saver(): ReactNode {
  const { message, modal } = useFeedback();
  return [
    createElement('button', { key: 'save', onClick: () => message.success('Saved.') }, 'Save'),
    createElement('button', { key: 'delete', onClick: () => modal.confirm({ title: 'Are you sure?', okText: 'Delete' }) }, 'Delete'),
  ];
}

describe("the kit's feedback", () => {
  it('shows the first message and confirm dialog once their code has loaded, inside the FeedbackRoot', async () => {
    render(createElement(FeedbackRoot, null, createElement(Saver)));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Are you sure?' })).toBeTruthy();
  });

  it('a call without a FeedbackRoot around it says what is missing', () => {
    const errors: unknown[] = [];
    render(createElement(Saver));
    window.addEventListener('error', (event) => {
      errors.push(event.error);
      event.preventDefault();
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(String(errors[0])).toContain('useFeedback() needs a FeedbackRoot');
  });

  it('a Modal draws nothing until it first opens, then stays to animate out', async () => {
    const dialog = (open: boolean) => createElement(Modal, { open, title: 'Copy Board' }, 'Copy with shares?');
    const { rerender } = render(dialog(false));
    expect(document.body.querySelector('.ant-modal')).toBeNull();
    rerender(dialog(true));
    expect(await screen.findByRole('dialog', { name: 'Copy Board' })).toBeTruthy();
    rerender(dialog(false));
    expect(document.body.querySelector('.ant-modal')).not.toBeNull();
  });
});
