import type { FormEvent } from 'react';

/** A form's submit handler: stays on the page and runs `action` (the browser has already checked required fields). */
export function onSubmit(action: () => void | Promise<void>): (event: FormEvent<HTMLFormElement>) => void {
  return (event) => {
    event.preventDefault();
    void action();
  };
}
