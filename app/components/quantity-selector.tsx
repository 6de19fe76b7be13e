import { useEffect, useId, useRef, useState } from "react";
import { QUANTITY_TYPING_DEBOUNCE_MS } from "~/domain/constants";
import {
  isMinusDisabled,
  isPlusDisabled,
  nextQuantity,
  QUANTITY_MAX,
  QUANTITY_MIN,
  QUANTITY_STEP,
  steppedQuantity,
} from "~/domain/quantity";

type Props = {
  name: string;
  defaultValue: number;
  label?: string;
  /** Shown to screen readers only, e.g. when a table header already says "Quantity". */
  labelHidden?: boolean;
  step?: number;
  min?: number;
  max?: number;
  disabled?: boolean;
  id?: string;
  /**
   * Called with a new quantity: at once for − / + / change / blur / Enter, and 500 ms after typing stops
   * (SPEC §5). Non-numeric input and the unchanged quantity are ignored. Without JavaScript nothing calls
   * it: the number field is simply posted with its form.
   */
  onCommit?: (qty: number) => void;
};

/** SPEC §5 quantity selector: a number field that works on its own, with − and + once JavaScript runs. */
export function QuantitySelector({
  name,
  defaultValue,
  label = "Quantity",
  labelHidden = false,
  step = QUANTITY_STEP,
  min = QUANTITY_MIN,
  max = QUANTITY_MAX,
  disabled = false,
  id,
  onCommit,
}: Props) {
  const generatedId = useId();
  const inputId = id ?? `qty-${generatedId}`;
  const [committed, setCommitted] = useState(defaultValue);
  const [text, setText] = useState(String(defaultValue));
  const [hydrated, setHydrated] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    setCommitted(defaultValue);
    setText(String(defaultValue));
  }, [defaultValue]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function commit(typed: string | number) {
    clearTimeout(timer.current);
    const next = nextQuantity(committed, typed);
    if (next === null) {
      setText(String(committed));
      return;
    }
    setCommitted(next);
    setText(String(next));
    onCommit?.(next);
  }

  const state = { qty: committed, step, min, max, disabled };
  return (
    <div className="quantity">
      <label htmlFor={inputId} className={labelHidden ? "visually-hidden" : undefined}>
        {label}
      </label>
      <div className="quantity__controls">
        {hydrated ? (
          <StepButton
            label={`Decrease ${label.toLowerCase()}`}
            controls={inputId}
            disabled={isMinusDisabled(state)}
            onPress={() => commit(steppedQuantity(state, -1))}
          >
            −
          </StepButton>
        ) : null}
        <input
          id={inputId}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={step}
          value={text}
          disabled={disabled}
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => commit(value), QUANTITY_TYPING_DEBOUNCE_MS);
          }}
          onBlur={() => commit(text)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && onCommit) {
              event.preventDefault();
              commit(text);
            }
          }}
        />
        {hydrated ? (
          <StepButton
            label={`Increase ${label.toLowerCase()}`}
            controls={inputId}
            disabled={isPlusDisabled(state)}
            onPress={() => commit(steppedQuantity(state, 1))}
          >
            +
          </StepButton>
        ) : null}
      </div>
    </div>
  );
}

function StepButton(props: {
  label: string;
  controls: string;
  disabled: boolean;
  onPress: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      className="quantity__button"
      aria-label={props.label}
      aria-controls={props.controls}
      disabled={props.disabled}
      onClick={props.onPress}
    >
      {props.children}
    </button>
  );
}
