import { describe, expect, it } from "vitest";
import { admissionOrder, type LineTicket, type ServedMarks } from "./fair-order";

const never: ServedMarks = { person: new Map(), team: new Map() };

/** Tickets from "person/team" labels, in the order they joined (ids 1, 2, …); "-" for no team. */
function line(...labels: string[]): LineTicket[] {
  return labels.map((label, index) => {
    const [personId, teamId] = label.split("/");
    return { ticket: String(index + 1), personId, teamId: teamId === "-" ? null : teamId };
  });
}

const order = (waiting: LineTicket[], served = never) => admissionOrder(waiting, served).map((ticket) => `${ticket.personId}#${ticket.ticket}`);

describe("the line's admission order, round-robin by person, then by team", () => {
  it("gives each waiting person one turn per round, whoever queued more or first", () => {
    expect(order(line("a/t", "a/t", "a/t", "b/t", "c/t", "b/t"))).toEqual(["a#1", "b#4", "c#5", "a#2", "b#6", "a#3"]);
  });

  it("serves first the person served least recently, never served before anyone", () => {
    const served: ServedMarks = { person: new Map([["a", 7], ["b", 3]]), team: new Map() };
    expect(order(line("a/t", "b/t", "c/t", "a/t"), served)).toEqual(["c#3", "b#2", "a#1", "a#4"]);
  });

  it("between people never served, serves first the team served least recently, then the older ticket", () => {
    const served: ServedMarks = { person: new Map(), team: new Map([["busy", 5], ["quiet", 1]]) };
    expect(order(line("a/busy", "b/quiet", "c/-", "d/busy"), served)).toEqual(["c#3", "b#2", "a#1", "d#4"]);
  });

  it("turns a team just served behind another never-served team's people", () => {
    expect(order(line("a/x", "b/x", "c/y"))).toEqual(["a#1", "c#3", "b#2"]);
  });

  it("serves work nobody is named for as one person, oldest first", () => {
    const nobody = (id: string): LineTicket => ({ ticket: id, personId: null, teamId: null });
    expect(order([nobody("1"), nobody("2"), { ticket: "3", personId: "a", teamId: null }])).toEqual(["null#1", "a#3", "null#2"]);
  });

  it("orders tickets by id as numbers, not as text", () => {
    const tickets = [{ ticket: "10", personId: "a", teamId: null }, { ticket: "9", personId: "a", teamId: null }];
    expect(order(tickets)).toEqual(["a#9", "a#10"]);
  });
});
