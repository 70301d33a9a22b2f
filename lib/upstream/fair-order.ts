// The order in which a model's waiting tickets are admitted, shared by admission (which admits the
// head of it) and by the places shown to waiting requests (each ticket's rank in it), so a place
// shown is the place the ticket is admitted at unless someone joins or leaves meanwhile.
//
// Round-robin by person, then by team: the next ticket admitted is the oldest waiting ticket of the
// person whose work was admitted in this line least recently (a person never served counts as
// served before everyone). Only people never served can tie; between them, the one whose team was
// served least recently goes first (no team, or a team never served, counts as served before
// everyone); then the lower ticket id. Admitting a ticket marks its person and its team as served
// now. The whole order is that pick repeated as if each pick were admitted in turn, so someone who
// queues many jobs gets one turn per round while everyone else waiting gets theirs.

/** Work nobody is named for (e.g. a call without a person) is served as one person, with this key. */
export const NOBODY = "";

export interface LineTicket {
  /** The ticket's id (a bigint as text): the order in which tickets joined. */
  ticket: string;
  personId: string | null;
  teamId: string | null;
}

/** When each person and team of the line was last served (the higher, the more recent). */
export interface ServedMarks {
  person: ReadonlyMap<string, number>;
  team: ReadonlyMap<string, number>;
}

const NEVER = -Infinity;

/** The key under which a ticket's person is served. */
export function personKeyOf(ticket: Pick<LineTicket, "personId">): string {
  return ticket.personId ?? NOBODY;
}

/** The waiting tickets in the order they will be admitted; `waiting` may be in any order. */
export function admissionOrder(waiting: readonly LineTicket[], served: ServedMarks): LineTicket[] {
  const person = new Map(served.person);
  const team = new Map(served.team);
  let now = Math.max(0, ...person.values(), ...team.values());
  const queues = new Map<string, LineTicket[]>();
  for (const ticket of [...waiting].sort(byTicketId)) {
    const key = personKeyOf(ticket);
    queues.set(key, [...(queues.get(key) ?? []), ticket]);
  }
  const teamMark = (ticket: LineTicket) => (ticket.teamId === null ? NEVER : (team.get(ticket.teamId) ?? NEVER));
  const order: LineTicket[] = [];
  while (queues.size > 0) {
    let next: { key: string; head: LineTicket; personMark: number } | undefined;
    for (const [key, queue] of queues) {
      const candidate = { key, head: queue[0], personMark: person.get(key) ?? NEVER };
      if (!next || goesBefore(candidate, next)) next = candidate;
    }
    const { key, head } = next!;
    order.push(head);
    now += 1;
    person.set(key, now);
    if (head.teamId !== null) team.set(head.teamId, now);
    const rest = queues.get(key)!.slice(1);
    if (rest.length > 0) queues.set(key, rest);
    else queues.delete(key);
  }
  return order;

  function goesBefore(a: { head: LineTicket; personMark: number }, b: { head: LineTicket; personMark: number }): boolean {
    if (a.personMark !== b.personMark) return a.personMark < b.personMark;
    const [teamA, teamB] = [teamMark(a.head), teamMark(b.head)];
    if (teamA !== teamB) return teamA < teamB;
    return byTicketId(a.head, b.head) < 0;
  }
}

function byTicketId(a: LineTicket, b: LineTicket): number {
  const [idA, idB] = [BigInt(a.ticket), BigInt(b.ticket)];
  return idA < idB ? -1 : idA > idB ? 1 : 0;
}
