"use client";

type Props<T extends string> = {
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
  label: string;
  /** Gives each option the test id `${testIdPrefix}-${value}`. */
  testIdPrefix?: string;
};

// Where its options do not fit on one line (a phone), they wrap into rows that each fill the
// control's width, so the control stays one even box instead of a line with a stray option below.
export function Segmented<T extends string>({ value, options, onChange, label, testIdPrefix }: Props<T>) {
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex flex-wrap rounded-lg bg-zinc-100 p-0.5 dark:bg-zinc-800">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={value === option.value}
          onClick={() => onChange(option.value)}
          data-testid={testIdPrefix ? `${testIdPrefix}-${option.value}` : undefined}
          className={`flex-auto rounded-md px-3 py-1 text-sm font-medium transition-colors ${
            value === option.value ? "bg-white text-zinc-900 shadow-sm dark:bg-zinc-950 dark:text-white" : "text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white"
          }`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
