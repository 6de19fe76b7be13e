import type { InputHTMLAttributes, ReactNode } from "react";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  name: string;
  label: ReactNode;
  detail?: ReactNode;
};

/**
 * One radio option on a row of its own (issue 14 item 1): the radio beside its label, the option's details under the
 * label, the whole row clickable (basket.css `.choice`). The label and details together name the radio.
 */
export function Choice({ label, detail, className, ...input }: Props) {
  return (
    <label className={className ? `choice ${className}` : "choice"}>
      <input type="radio" {...input} />
      <span className="choice__text">
        <span className="choice__label">{label}</span>
        {detail ? <span className="choice__detail">{detail}</span> : null}
      </span>
    </label>
  );
}
