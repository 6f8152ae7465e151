import { useEffect, useRef, useState } from 'react';
import { SPINNER_HOLD_DELAY_MS, SPINNER_REPEAT_INTERVAL_MS } from '../config/constants';
import { announce } from '../lib/announce';
import { t } from '../lib/i18n';
import { boostedStep, germanQuantity, normalize, parseQuantity, refusedBound, stepValue, type SpinnerField } from '../lib/quantity/spinner';

const LOCALE = 'de-DE';

const show = (n: number | null): string => (n === null ? '' : germanQuantity(n));

/**
 * A quantity input with '-' and '+' (spec §5 "Quantity spinner"): clamped,
 * rounded, stepped; holding a button repeats after 500 ms every 100 ms, the
 * step growing after 10 repeats. Without the spinner (theme switch off) it is
 * a plain number field. The server validates every quantity again. A press or a typed quantity
 * that a bound refuses is said to screen readers ("Höchstens 5 bestellbar.").
 */
export function QuantitySpinner({
  value,
  onChange,
  field,
  enabled = true,
  id,
  name = 'quantity',
  label,
}: {
  value: number | null;
  onChange: (n: number | null) => void;
  field: SpinnerField;
  enabled?: boolean;
  id?: string;
  name?: string;
  /** The accessible name; default "Menge". */
  label?: string;
}) {
  const [text, setText] = useState(show(value));
  const hold = useRef<{
    timer?: ReturnType<typeof setTimeout>;
    interval?: ReturnType<typeof setInterval>;
    repeat: number;
    value: number | null;
    refused?: boolean;
  }>({ repeat: 0, value });

  // Follow changes from outside; our own changes are already shown as typed.
  useEffect(() => {
    if (value !== hold.current.value) {
      hold.current.value = value;
      setText(show(value));
    }
  }, [value]);
  useEffect(() => () => stop(), []);

  function commit(n: number | null) {
    hold.current.value = n;
    setText(show(n));
    onChange(n);
  }

  /** Says which bound refused `wanted` (once per press or hold). */
  function refuse(wanted: number | null, got: number | null) {
    const bound = refusedBound(wanted, got, field);
    if (!bound || hold.current.refused) return;
    hold.current.refused = true;
    announce(
      bound === 'max' ? t('At most %s can be ordered.', show(field.max ?? null)) : t('The minimum quantity is %s.', show(field.min ?? 0)),
      'assertive',
    );
  }

  function press(dir: 1 | -1) {
    const from = hold.current.value ?? field.min ?? 0;
    const next = stepValue(hold.current.value, dir, field, hold.current.repeat);
    refuse(from + dir * boostedStep(field, hold.current.repeat), next);
    commit(next);
  }

  function start(dir: 1 | -1) {
    stop();
    hold.current.repeat = 0;
    hold.current.refused = false;
    press(dir);
    hold.current.timer = setTimeout(() => {
      hold.current.interval = setInterval(() => {
        hold.current.repeat += 1;
        press(dir);
      }, SPINNER_REPEAT_INTERVAL_MS);
    }, SPINNER_HOLD_DELAY_MS);
  }

  function stop() {
    clearTimeout(hold.current.timer);
    clearInterval(hold.current.interval);
    hold.current.timer = undefined;
    hold.current.interval = undefined;
  }

  if (!enabled) {
    return (
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={field.min}
        max={field.max}
        step={field.step}
        value={value ?? ''}
        aria-label={label ?? t('Quantity')}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      />
    );
  }

  const button = (dir: 1 | -1) => (
    <button
      type="button"
      className={`qty__btn qty__btn--${dir > 0 ? 'plus' : 'minus'}`}
      aria-label={dir > 0 ? t('Increase quantity') : t('Decrease quantity')}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        e.preventDefault();
        start(dir);
      }}
      onPointerUp={stop}
      onPointerLeave={stop}
      onPointerCancel={stop}
      // Keyboard presses arrive as clicks without a pointer (detail 0).
      onClick={(e) => {
        if (e.detail !== 0) return;
        hold.current.refused = false;
        press(dir);
      }}
    >
      {dir > 0 ? '+' : '−'}
    </button>
  );

  return (
    <span className="qty" data-spinner="">
      {button(-1)}
      <input
        id={id}
        name={name}
        type="text"
        role="spinbutton"
        inputMode="decimal"
        autoComplete="off"
        aria-label={label ?? t('Quantity')}
        aria-valuenow={value ?? undefined}
        aria-valuemin={field.min ?? 0}
        aria-valuemax={field.max}
        data-decimals={field.decimals ?? 0}
        data-step={field.step ?? 1}
        data-step-max={field.stepMax}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const n = parseQuantity(e.target.value, LOCALE);
          hold.current.value = n;
          onChange(n);
        }}
        onBlur={() => {
          const n = parseQuantity(text, LOCALE);
          const got = n === null ? null : normalize(n, field);
          hold.current.refused = false;
          refuse(n, got);
          commit(got);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
            e.preventDefault();
            hold.current.refused = false;
            press(e.key === 'ArrowUp' ? 1 : -1);
          }
        }}
      />
      {button(1)}
    </span>
  );
}
