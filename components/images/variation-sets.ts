import type { GenerationDto } from "@/lib/images/generation-dto";

/** One entry of a results list: a single generation, or the generations one click asked for as variations. */
type ResultGroup = { key: string; generations: GenerationDto[] };

/**
 * The history (newest first) with each variation set gathered where its newest member stands, in
 * the order the set was asked for (its generations were made one after another in one transaction).
 */
export function groupVariationSets(items: GenerationDto[]): ResultGroup[] {
  const groups: ResultGroup[] = [];
  const bySet = new Map<string, ResultGroup>();
  for (const generation of items) {
    const setId = generation.variationSetId;
    const group = setId ? bySet.get(setId) : undefined;
    if (group) {
      group.generations.push(generation);
      continue;
    }
    const created = { key: setId ?? generation.id, generations: [generation] };
    if (setId) bySet.set(setId, created);
    groups.push(created);
  }
  for (const group of groups) group.generations.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return groups;
}

/** What a variation set shows once for all its cells, each cell leaving it out. */
export type SharedBySet = {
  /** The revised prompt every image of the set that has one came back with; null when they differ or none has one yet. */
  revisedPrompt: string | null;
};

/** The set's shared facts, from its generations as they stand (a finishing image may part from them). */
export function sharedBySet(generations: GenerationDto[]): SharedBySet {
  const revised = new Set(generations.flatMap((generation) => (generation.revisedPrompt ? [generation.revisedPrompt] : [])));
  return { revisedPrompt: revised.size === 1 ? [...revised][0] : null };
}

/** How far a set has come, as its header says it: "2 of 3 ready", and how many did not finish. */
export function readySummary(ready: number, unfinished: number, total: number): string {
  return [`${ready} of ${total} ready`, ...(unfinished > 0 ? [`${unfinished} did not finish`] : [])].join(" · ");
}
