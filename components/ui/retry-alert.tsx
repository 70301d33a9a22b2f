import type { ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";

// Something the page needed did not load; the designer can ask for it again in place.
export function RetryAlert({ title, onRetry, children }: { title: string; onRetry: () => void; children: ReactNode }) {
  return (
    <Alert
      title={title}
      actions={
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
