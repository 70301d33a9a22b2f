import type { TextareaHTMLAttributes } from "react";
import { inputClassWith } from "./field";

export function Textarea({ className = "", ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={inputClassWith(`resize-y ${className}`)} {...props} />;
}
