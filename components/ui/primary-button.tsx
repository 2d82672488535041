import type { ButtonHTMLAttributes } from "react";

/** The one filled button style: the main action of a form. */
export function PrimaryButton({
  className = "",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      {...props}
      className={`rounded-md bg-indigo-600 px-4 py-2 font-medium text-white disabled:opacity-50 ${className}`}
    />
  );
}
