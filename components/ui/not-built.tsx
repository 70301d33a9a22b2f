import { Card } from "./card";

// Said plainly: a section that is planned but not built shows no fake results.
export function NotBuilt({ what }: { what: string }) {
  return (
    <Card className="p-10 text-center">
      <p className="text-base font-medium">Not built yet</p>
      <p className="mx-auto mt-2 max-w-md text-sm text-zinc-500">{what}</p>
    </Card>
  );
}
