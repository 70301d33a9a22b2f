import { Alert } from "./alert";

type FailedMutation = { error: Error | null; reset: () => void };

// What a failed change (a TanStack mutation) said, with a way to put it away.
export function MutationError({ mutation, title, className }: { mutation: FailedMutation; title: string; className?: string }) {
  if (!mutation.error) return null;
  return (
    <div className={className}>
      <Alert title={title} onDismiss={() => mutation.reset()}>
        {mutation.error.message}
      </Alert>
    </div>
  );
}
