import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  BoldOutlined,
  Button,
  EditOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  Tooltip,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@tradeboard/shared/ui';
import type { ComponentRendererProps } from '@tradeboard/shared/boards';
import { displayValue, withDisplayValue } from '../instances/configEquality.ts';
import { safeHref, sanitizeHtml } from './sanitizeHtml.ts';

export const NOTES_CONTROL = 'text';

type Command = { command: string; label: string; icon: ReactNode; value?: () => string | null };

const COMMANDS: Command[] = [
  { command: 'bold', label: 'Bold', icon: <BoldOutlined /> },
  { command: 'italic', label: 'Italic', icon: <ItalicOutlined /> },
  { command: 'underline', label: 'Underline', icon: <UnderlineOutlined /> },
  { command: 'insertUnorderedList', label: 'Bulleted list', icon: <UnorderedListOutlined /> },
  { command: 'insertOrderedList', label: 'Numbered list', icon: <OrderedListOutlined /> },
  { command: 'createLink', label: 'Link', icon: <LinkOutlined />, value: () => safeHref(window.prompt('Link address (https://…)') ?? null) },
];

/**
 * Notes (master 1001 `notes`): formatted text kept in config.displayConfigs 'text' (sanitized
 * HTML). In edit mode anyone who may edit the board can write; the board shows "Save Changes"
 * while it differs. With edit mode off it is read, like every other component.
 */
export default function NotesRenderer({ config, editMode, onConfigDraft, instance }: ComponentRendererProps): ReactNode {
  const html = sanitizeHtml(displayValue(config, NOTES_CONTROL) ?? '');
  const [editing, setEditing] = useState(false);
  const editor = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (editing && editor.current) {
      editor.current.innerHTML = html;
      editor.current.focus();
    }
    // Only when editing starts: typing must not reset the caret.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);

  const emit = () => {
    if (!editor.current) return;
    onConfigDraft?.(withDisplayValue(config, NOTES_CONTROL, sanitizeHtml(editor.current.innerHTML)));
  };

  const run = (command: Command) => {
    const value = command.value ? command.value() : undefined;
    if (command.value && !value) return;
    editor.current?.focus();
    document.execCommand(command.command, false, value ?? undefined);
    emit();
  };

  if (editing) {
    return (
      <div className="tb-notes tb-notes--editing">
        <div className="tb-notes__toolbar" role="toolbar" aria-label="Formatting">
          {COMMANDS.map((command) => (
            <Tooltip key={command.command} title={command.label}>
              <Button size="small" type="text" icon={command.icon} aria-label={command.label} onMouseDown={(event) => event.preventDefault()} onClick={() => run(command)} />
            </Tooltip>
          ))}
          <span className="tb-card__spacer" />
          <Button size="small" onClick={() => setEditing(false)}>
            Done
          </Button>
        </div>
        <div
          ref={editor}
          className="tb-notes__editor"
          contentEditable
          role="textbox"
          aria-multiline="true"
          aria-label={`${instance.componentInstanceName} text`}
          onInput={emit}
          onBlur={emit}
          suppressContentEditableWarning
        />
      </div>
    );
  }

  return (
    <div className="tb-notes">
      {html ? (
        <div className="tb-notes__text" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="tb-muted">{editMode ? 'No notes yet. Click Edit notes to write some.' : 'No notes yet.'}</p>
      )}
      {editMode && (
        <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)} className="tb-notes__edit">
          Edit notes
        </Button>
      )}
    </div>
  );
}
