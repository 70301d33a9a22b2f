import type { TextareaHTMLAttributes } from "react";
import { inputClass } from "./field";

export function Textarea({ className = "", ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={`${inputClass} resize-y ${className}`} {...props} />;
}
