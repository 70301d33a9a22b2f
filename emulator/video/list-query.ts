import { invalidJson } from "./errors";
import { JOB_STATUSES, type JobStatus } from "./jobs";
import { TASKS, type Task } from "./tasks";

export interface ListQuery {
  limit: number;
  after?: string;
  order: "asc" | "desc";
  task?: Task;
  status?: JobStatus;
}

const KNOWN = new Set(["limit", "after", "order", "task", "status"]);
// Spec 4.4: limit defaults to 20; the upper bound is not shown (our choice: 100).
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;
// Spec 4.4: `order` other than `desc` is not shown; `asc` is accepted (our choice).
const ORDERS = ["asc", "desc"] as const;

/**
 * GET /v1/videos query (spec 4.4). Spec 7.3: a bad `limit` or `status` is invalid_json; the same
 * code covers bad `order`, `task`, repeated or unknown parameters (our choice).
 */
export function parseListQuery(params: URLSearchParams): ListQuery {
  for (const name of new Set(params.keys())) {
    if (!KNOWN.has(name)) throw invalidJson(`unknown query parameter ${name}`, name);
    if (params.getAll(name).length > 1) throw invalidJson(`query parameter ${name} is repeated`, name);
  }
  const query: ListQuery = { limit: DEFAULT_LIMIT, order: "desc" };
  const limit = params.get("limit");
  if (limit !== null) {
    if (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > MAX_LIMIT) throw invalidJson(`limit must be an integer from 1 to ${MAX_LIMIT}`, "limit");
    query.limit = Number(limit);
  }
  const order = params.get("order");
  if (order !== null) {
    if (!ORDERS.includes(order as (typeof ORDERS)[number])) throw invalidJson("order must be asc or desc", "order");
    query.order = order as ListQuery["order"];
  }
  const task = params.get("task");
  if (task !== null) {
    if (!TASKS.includes(task as Task)) throw invalidJson(`task must be one of ${TASKS.join(", ")}`, "task");
    query.task = task as Task;
  }
  const status = params.get("status");
  if (status !== null) {
    if (!JOB_STATUSES.includes(status as JobStatus)) throw invalidJson(`status must be one of ${JOB_STATUSES.join(", ")}`, "status");
    query.status = status as JobStatus;
  }
  const after = params.get("after");
  if (after !== null) query.after = after;
  return query;
}
