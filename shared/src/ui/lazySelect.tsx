import { lazy, startTransition, Suspense, use, useCallback, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import { ConfigProvider, type AutoCompleteProps, type RefSelectProps, type SelectProps } from 'antd';
import { prepareComponentToken } from 'antd/es/select/style/token';
import { genStyleHooks } from 'antd/es/theme/internal';
import DownOutlined from '@ant-design/icons/DownOutlined';
import { Quietly } from '@tradeboard/shared/web';

// antd's Select and AutoComplete come from the kit's select entry (ui/select.ts), loaded when the user
// first points at or focuses one: until then they are drawn as antd's markup (the kit's static styles
// apply), with a plain input carrying the combobox's role, name and text.

/**
 * The Select's theme variables (`--ant-select-…`: its background, borders, padding), which antd sets
 * with the component's code: antd's own token code, without the Select's styles (the page links them).
 */
const useSelectVariables = genStyleHooks('Select', () => [], prepareComponentToken, {
  unitless: { optionLineHeight: true, optionSelectedFontWeight: true },
});

/** What the stand-in leaves the real control: the caret of a focused input, and whether the user opened it. */
type Handoff = { caret: { start: number | null; end: number | null } | null; open: boolean };
/** Keys that open a Select. */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

type Box = {
  /** What the box shows: the chosen option's label, or the text typed (`typed`: an AutoComplete). */
  shown: ReactNode;
  typed?: { text: string; onText: (text: string) => void; allowClear: boolean };
  props: Pick<SelectProps, 'className' | 'style' | 'placeholder' | 'aria-label' | 'onKeyDown'>;
  handoff: RefObject<Handoff>;
  onUse: () => void;
};

/** antd's markup of a single Select or an AutoComplete, closed. */
function SelectBox({ shown, typed, props, handoff, onUse }: Box): ReactNode {
  const prefixCls = use(ConfigProvider.ConfigContext).getPrefixCls('select');
  const [hashId, cssVarCls] = useSelectVariables(prefixCls, `${prefixCls}-css-var`);
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Read as the real control replaces the stand-in (React detaches refs before it removes the nodes).
  const keep = useCallback(
    (element: HTMLInputElement) => {
      input.current = element;
      return () => {
        handoff.current.caret = document.activeElement === element ? { start: element.selectionStart, end: element.selectionEnd } : null;
      };
    },
    [handoff],
  );
  const hasValue = shown != null && shown !== '';
  const className = [
    prefixCls,
    `${prefixCls}-outlined`,
    props.className,
    typed && `${prefixCls}-auto-complete`,
    cssVarCls,
    `${prefixCls}-css-var`,
    hashId,
    focused && `${prefixCls}-focused`,
    `${prefixCls}-single`,
    typed?.allowClear && hasValue && `${prefixCls}-allow-clear`,
    typed ? `${prefixCls}-show-search` : `${prefixCls}-show-arrow`,
  ];
  const content = [`${prefixCls}-content`, hasValue && `${prefixCls}-content-has-value`, typed && hasValue && `${prefixCls}-content-has-search-value`];
  return (
    <div
      className={className.filter(Boolean).join(' ')}
      style={props.style}
      onPointerEnter={onUse}
      onMouseDown={(event) => {
        handoff.current.open = true;
        // As antd's: a press anywhere on the box focuses its input.
        if (event.target !== input.current) {
          event.preventDefault();
          input.current?.focus();
        }
      }}
      onKeyDown={(event) => {
        if (OPENING_KEYS.has(event.key)) handoff.current.open = true;
        props.onKeyDown?.(event);
      }}
    >
      <div className={content.filter(Boolean).join(' ')} title={hasValue && typeof shown === 'string' ? shown : undefined}>
        {hasValue ? shown : props.placeholder != null && <div className={`${prefixCls}-placeholder`}>{props.placeholder}</div>}
        <input
          ref={keep}
          aria-label={props['aria-label']}
          readOnly={!typed}
          autoComplete="off"
          className={`${prefixCls}-input`}
          role="combobox"
          aria-expanded="false"
          aria-haspopup="listbox"
          aria-autocomplete="list"
          type="text"
          value={typed?.text ?? ''}
          onChange={(event) => {
            handoff.current.open = true;
            typed?.onText(event.target.value);
          }}
          onFocus={() => {
            setFocused(true);
            onUse();
          }}
          onBlur={() => setFocused(false)}
        />
      </div>
      {!typed && (
        <div className={`${prefixCls}-suffix`}>
          <DownOutlined />
        </div>
      )}
    </div>
  );
}

type StandIn<P> = (props: { props: P; handoff: RefObject<Handoff>; onUse: () => void }) => ReactNode;

/**
 * A Select-like control drawn by `StandIn` until the user first points at or focuses it, then
 * loaded (kept drawn meanwhile: a transition) and swapped in with the stand-in's focus and caret,
 * open if the user pressed it, pressed an opening key or typed. Controlled (`value`) only: the
 * stand-in keeps no text of its own.
 */
function untilUsed<P extends { value?: unknown; defaultOpen?: boolean }>(
  what: string,
  load: () => Promise<ComponentType<P & { ref: RefObject<RefSelectProps | null> }>>,
  StandIn: StandIn<P>,
): (props: P & Required<Pick<P, 'value'>>) => ReactNode {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));

  function Swapped({ props, handoff }: { props: P; handoff: RefObject<Handoff> }): ReactNode {
    const ref = useRef<RefSelectProps>(null);
    useLayoutEffect(() => {
      const caret = handoff.current.caret;
      const input = ref.current?.nativeElement.querySelector('input');
      if (!caret || !input) return;
      input.focus();
      input.setSelectionRange(caret.start, caret.end);
    }, [handoff]);
    return <Loaded {...props} ref={ref} defaultOpen={props.defaultOpen ?? handoff.current.open} />;
  }

  return function UntilUsed(props: P): ReactNode {
    const [used, setUsed] = useState(false);
    const handoff = useRef<Handoff>({ caret: null, open: false });
    const onUse = useCallback(() => startTransition(() => setUsed(true)), []);
    const standIn = <StandIn props={props} handoff={handoff} onUse={onUse} />;
    return (
      <Quietly what={what} fallback={standIn}>
        <Suspense fallback={standIn}>{used ? <Swapped props={props} handoff={handoff} /> : standIn}</Suspense>
      </Quietly>
    );
  };
}

const loadSelect = () => import('@tradeboard/shared/ui/select');

/** antd's Select (single, `options`), loaded when first pointed at or focused. */
export const Select = untilUsed<SelectProps>(
  'A picker',
  () => loadSelect().then((entry) => entry.Select),
  ({ props, handoff, onUse }) => (
    <SelectBox shown={props.options?.find((option) => option.value === props.value)?.label} props={props} handoff={handoff} onUse={onUse} />
  ),
);

/** antd's AutoComplete, loaded when first pointed at or focused; what is typed before goes to `onChange`. */
export const AutoComplete = untilUsed<AutoCompleteProps<string>>(
  'A type-ahead',
  () => loadSelect().then((entry) => entry.AutoComplete),
  ({ props, handoff, onUse }) => (
    <SelectBox
      shown={props.value}
      typed={{ text: props.value ?? '', onText: (text) => props.onChange?.(text), allowClear: props.allowClear != null && props.allowClear !== false }}
      props={props}
      handoff={handoff}
      onUse={onUse}
    />
  ),
);
