// THE list of every API route and server action the studio answers. The hostile-request
// sweep (route-sweep.spec.ts) sends to each of them, and test/route-list.test.ts fails when a route
// file, an exported method or a "use server" export is missing here, or when this list names one that
// no longer exists. A new route joins the sweep by being listed here, nowhere else.
//
// Plain data, no test-runner imports: Vitest and Playwright both read it.

/** Things the sweep creates before it starts, so that hostile requests can aim at real rows. */
export type Fixtures = {
  /** A conversation of the member's. */
  conversation: string;
  /** A PNG the member uploaded, and its size in bytes. */
  asset: string;
  assetBytes: number;
  /** A pending invite the admin made. */
  invite: string;
  /** The code (from the link) of another pending invite, for sign-ups. */
  inviteCode: string;
  /** Another member, the target of the admin's requests about users. */
  bystander: string;
  /** A team the member made (they are its owner). */
  team: string;
  /** A gallery entry of the member's: the image of an alpha v3 generation. */
  galleryItem: string;
  /** The member the sweep signs in as. */
  member: { id: string; email: string; password: string };
};

export type Fixture = "conversation" | "asset" | "invite" | "bystander" | "team" | "galleryItem";

/** Who may call a route: anyone (next-auth's own), any signed-in user, or the site admin only. */
export type Access = "public" | "member" | "admin";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A path parameter's value in the requests that are not about the parameter itself. */
export type ParamSource = { fixture: Fixture } | { value: string };

export type QueryParam = {
  /** Sent in every request that is not about this parameter; without one the parameter is left out. */
  sample?: string;
  /** A closed set of values or a fixed format (an enum, an id): prototype-chain names must be refused. */
  closed?: boolean;
  /** A whole number: text in its place must be refused. */
  number?: boolean;
  /** Leaving it out must be refused. */
  required?: boolean;
};

export type Body =
  | { type: "none" }
  /**
   * A JSON object. `sample` is a valid body (sent in the cases about the session, the origin and the
   * media type, so that a missing refusal would show up as a write). Field names are dotted paths
   * (`images.0.mime`). `strings` are the text fields (NUL, lone surrogate and 2 MB cases); `closed`
   * are the enum-like ones (prototype-chain names). Every field of the sample also gets a wrongly
   * typed value.
   */
  | { type: "json"; sample: (fixtures: Fixtures) => Record<string, unknown>; strings: string[]; closed: string[] }
  /** An HTML form post (application/x-www-form-urlencoded): next-auth's own endpoints. */
  | { type: "form"; sample: (fixtures: Fixtures) => Record<string, string>; strings: string[] }
  /** The file itself is the body (an image type or application/octet-stream). */
  | { type: "upload" };

export type MethodSpec = {
  body: Body;
  query?: Record<string, QueryParam>;
  /** Path parameters of this method when they differ from the route's (next-auth's catch-all). */
  params?: Record<string, ParamSource>;
  /**
   * A GET whose answer shows what is stored: the sweep reads it before and after, and any difference
   * means a hostile request wrote something.
   */
  snapshot?: true;
};

export type ApiRoute = {
  /** The path as in app/: `/api/chat/conversations/[id]/turns`. */
  path: string;
  access: Access;
  /** Values for the path's `[params]`. */
  params?: Record<string, ParamSource>;
  /**
   * The answers are not the studio's own JSON errors (next-auth's endpoints answer with redirects and
   * their own bodies): the sweep checks only that nothing is a 5xx and nothing is written.
   */
  foreignAnswers?: true;
  methods: Partial<Record<HttpMethod, MethodSpec>>;
};

export type ServerAction = {
  /** The "use server" module (path from the repository root) and the export's name. */
  module: string;
  name: string;
  /** A page that posts it (any page of the build can carry it; this is where the browser sends it). */
  page: string;
  access: "public" | "member";
  /**
   * The FormData the action reads (its argument after useActionState's previous state), with a valid
   * sample and the text fields; absent for actions that take no arguments.
   */
  form?: { sample: (fixtures: Fixtures) => Record<string, string>; strings: string[] };
};

const none: Body = { type: "none" };

/** A reference image as the alpha forms send it: an uploaded asset's id, type and size. */
const referenceImage = (fixtures: Fixtures) => ({ assetId: fixtures.asset, mime: "image/png", bytes: fixtures.assetBytes });

export const apiRoutes: ApiRoute[] = [
  {
    path: "/api/admin/invites",
    access: "admin",
    methods: {
      GET: { body: none, snapshot: true },
      POST: { body: { type: "json", sample: () => ({ note: "Made by the route sweep", expiresInDays: 7 }), strings: ["note"], closed: [] } },
    },
  },
  {
    path: "/api/admin/invites/[id]",
    access: "admin",
    params: { id: { fixture: "invite" } },
    methods: { DELETE: { body: none } },
  },
  {
    // The audit log (no snapshot: it records the sweep's own valid requests).
    path: "/api/admin/audit",
    access: "admin",
    methods: {
      GET: {
        body: none,
        query: {
          category: { closed: true },
          action: { closed: true },
          actorId: { closed: true },
          teamId: { closed: true },
          from: { closed: true },
          to: { closed: true },
          target: {},
          cursor: { closed: true },
        },
      },
    },
  },
  {
    path: "/api/admin/audit/csv",
    access: "admin",
    methods: {
      GET: {
        body: none,
        query: {
          category: { closed: true },
          action: { closed: true },
          actorId: { closed: true },
          teamId: { closed: true },
          from: { closed: true },
          to: { closed: true },
          target: {},
        },
      },
    },
  },
  {
    // Every public link, for the admin's list; revoking one is DELETE /api/gallery/links/[linkId].
    path: "/api/admin/links",
    access: "admin",
    methods: { GET: { body: none, query: { cursor: { closed: true } }, snapshot: true } },
  },
  {
    // No GET shows the settings: a change that slipped through shows only as a 2xx in its case.
    path: "/api/admin/settings",
    access: "admin",
    methods: { PATCH: { body: { type: "json", sample: () => ({ openSignUp: true }), strings: [], closed: [] } } },
  },
  {
    // Prices and budgets: no GET shows them (the admin's budgets page reads them on the server).
    path: "/api/admin/prices",
    access: "admin",
    methods: { PUT: { body: { type: "json", sample: () => ({ model: "alpha-image-v3", per1kTokens: 0.01, perImage: 0.04, perVideoSecond: 0 }), strings: [], closed: ["model"] } } },
  },
  {
    // The per-role caps on queued jobs; the admin's budgets page reads them on the server.
    path: "/api/admin/queue-caps",
    access: "admin",
    methods: { PUT: { body: { type: "json", sample: () => ({ admin: null, member: null }), strings: [], closed: [] } } },
  },
  {
    path: "/api/admin/currency",
    access: "admin",
    methods: { PUT: { body: { type: "json", sample: () => ({ currency: "USD" }), strings: [], closed: ["currency"] } } },
  },
  {
    path: "/api/admin/budgets",
    access: "admin",
    methods: {
      POST: {
        body: { type: "json", sample: () => ({ scope: "studio", metric: "images", period: "monthly", limit: 1_000_000, alertPercent: 80 }), strings: [], closed: ["scope", "metric", "period"] },
      },
    },
  },
  {
    path: "/api/admin/budgets/[id]",
    access: "admin",
    params: { id: { value: "00000000-0000-4000-8000-000000000000" } },
    methods: { DELETE: { body: none } },
  },
  {
    // The site's default storage quotas; no GET shows them (the admin page reads them on the server).
    path: "/api/admin/storage-quotas",
    access: "admin",
    methods: { PATCH: { body: { type: "json", sample: () => ({ userStorageQuotaBytes: 1_000_000_000 }), strings: [], closed: [] } } },
  },
  {
    path: "/api/admin/teams",
    access: "admin",
    methods: { GET: { body: none, snapshot: true } },
  },
  {
    // A quota set shows in the admin's teams list.
    path: "/api/admin/teams/[id]/storage-quota",
    access: "admin",
    params: { id: { fixture: "team" } },
    methods: { PUT: { body: { type: "json", sample: () => ({ limitBytes: 1_000_000_000 }), strings: [], closed: [] } } },
  },
  {
    // Every person's personal access tokens; revoking one shows in this list.
    path: "/api/admin/tokens",
    access: "admin",
    methods: { GET: { body: none, snapshot: true } },
  },
  {
    path: "/api/admin/tokens/[id]",
    access: "admin",
    params: { id: { value: "00000000-0000-4000-8000-000000000000" } },
    methods: { DELETE: { body: none } },
  },
  {
    // Everyone's usage, as JSON or CSV.
    path: "/api/admin/usage",
    access: "admin",
    methods: {
      GET: {
        body: none,
        query: {
          from: { closed: true },
          to: { closed: true },
          groupBy: { closed: true },
          format: { sample: "json", closed: true },
          userId: { closed: true },
          teamId: { closed: true },
          model: { closed: true },
        },
        snapshot: true,
      },
    },
  },
  {
    path: "/api/admin/users",
    access: "admin",
    methods: { GET: { body: none, snapshot: true } },
  },
  {
    // Disabling shows in the user list's disabledAt.
    path: "/api/admin/users/[id]",
    access: "admin",
    params: { id: { fixture: "bystander" } },
    methods: { PATCH: { body: { type: "json", sample: () => ({ disabled: true }), strings: [], closed: [] } } },
  },
  {
    // A quota set shows in the user list.
    path: "/api/admin/users/[id]/storage-quota",
    access: "admin",
    params: { id: { fixture: "bystander" } },
    methods: { PUT: { body: { type: "json", sample: () => ({ limitBytes: 1_000_000_000 }), strings: [], closed: [] } } },
  },
  {
    // The agent's /healthz and the inference server's /health, read live: no snapshot (checkedAt moves).
    path: "/api/admin/video/health",
    access: "admin",
    methods: { GET: { body: none } },
  },
  {
    // A switch that slipped through shows in the audit log and the partition; read live, so no snapshot.
    path: "/api/admin/video/partition",
    access: "admin",
    methods: {
      GET: { body: none },
      POST: { body: { type: "json", sample: () => ({ partition: "ref2va" }), strings: [], closed: ["partition"] } },
    },
  },
  {
    path: "/api/admin/video/inference",
    access: "admin",
    methods: {
      POST: {
        body: {
          type: "json",
          sample: () => ({ prompt: "A paper boat on a rainy street", seconds: 4, aspectRatio: "16:9", seed: 7 }),
          strings: ["prompt"],
          closed: ["aspectRatio"],
        },
      },
    },
  },
  {
    // An inference job id that names nothing: the inference server answers 404.
    path: "/api/admin/video/inference/[id]",
    access: "admin",
    params: { id: { value: "inf_000000000000000000000000" } },
    methods: { GET: { body: none } },
  },
  {
    path: "/api/admin/video/inference/[id]/content",
    access: "admin",
    params: { id: { value: "inf_000000000000000000000000" } },
    methods: { GET: { body: none } },
  },
  {
    path: "/api/alpha/v3/generations",
    access: "member",
    methods: {
      GET: { body: none, query: { cursor: { closed: true } }, snapshot: true },
      POST: {
        body: {
          type: "json",
          sample: (fixtures) => ({
            prompt: "A lighthouse at dusk",
            images: [referenceImage(fixtures)],
            size: "1024x1024",
            seed: 7,
            footnote: "route sweep",
            revise: false,
          }),
          strings: ["prompt", "images.0.assetId", "size", "footnote"],
          closed: ["images.0.assetId", "images.0.mime", "size"],
        },
      },
    },
  },
  {
    path: "/api/comparisons",
    access: "member",
    methods: {
      POST: {
        body: {
          type: "json",
          sample: (fixtures) => ({
            prompt: "A lighthouse at dusk",
            images: [referenceImage(fixtures)],
            members: [
              { model: "alpha-v3", settings: { size: "1024x1024", revise: false } },
              { model: "beta-lite", settings: { size: { method: "tier", tier: "2K" } } },
            ],
          }),
          strings: ["prompt", "images.0.assetId", "members.0.model", "members.0.settings.size"],
          closed: ["images.0.assetId", "images.0.mime", "members.0.model", "members.1.model"],
        },
      },
    },
  },
  {
    // No comparison of the member's has this id: every request is refused.
    path: "/api/comparisons/[id]",
    access: "member",
    params: { id: { value: "00000000-0000-4000-8000-000000000000" } },
    methods: { GET: { body: none } },
  },
  {
    path: "/api/comparisons/[id]/keep",
    access: "member",
    params: { id: { value: "00000000-0000-4000-8000-000000000000" } },
    methods: { POST: { body: { type: "json", sample: () => ({ jobId: "00000000-0000-4000-8000-000000000000", others: "discard" }), strings: ["jobId"], closed: ["others"] } } },
  },
  {
    path: "/api/beta/generations",
    access: "member",
    methods: {
      GET: { body: none, query: { cursor: { closed: true } }, snapshot: true },
      POST: {
        body: {
          type: "json",
          sample: (fixtures) => ({
            model: "beta-image-v5.0-lite",
            prompt: "A lighthouse at dusk",
            images: [referenceImage(fixtures)],
            size: { method: "tier", tier: "2K" },
            group: { maxImages: 2 },
            webSearch: false,
            outputFormat: "png",
            responseFormat: "url",
            watermark: false,
          }),
          strings: ["prompt", "images.0.assetId", "model", "size.tier", "outputFormat"],
          closed: ["model", "images.0.assetId", "images.0.mime", "size.method", "size.tier", "outputFormat", "responseFormat"],
        },
      },
    },
  },
  {
    path: "/api/assets",
    access: "member",
    methods: {
      GET: {
        body: none,
        query: {
          kind: { sample: "image,layer,video,input", closed: true },
          mime: { closed: true },
          cursor: { closed: true },
          limit: { sample: "100", number: true },
        },
        snapshot: true,
      },
    },
  },
  {
    path: "/api/assets/[id]",
    // A signed link also opens an asset without a session; without one a session is needed.
    access: "member",
    params: { id: { fixture: "asset" } },
    methods: {
      GET: {
        body: none,
        query: { variant: { closed: true }, download: { closed: true }, exp: { number: true }, job: { closed: true }, sig: {} },
      },
    },
  },
  {
    // A delivery URL: the signature is the authorization (no session); a forged one opens nothing.
    path: "/api/delivery/[id]",
    access: "public",
    params: { id: { fixture: "asset" } },
    methods: {
      GET: {
        body: none,
        query: {
          v: { sample: "file", closed: true, required: true },
          k: { sample: "0".repeat(64), closed: true, required: true },
          m: { sample: "image/png", closed: true, required: true },
          n: { sample: "studio-image.png", required: true },
          e: { sample: "4102444800", number: true, required: true },
          s: { sample: "A".repeat(43), required: true },
        },
      },
    },
  },
  {
    path: "/api/assets/[id]/meta",
    access: "member",
    params: { id: { fixture: "asset" } },
    methods: { GET: { body: none } },
  },
  {
    path: "/api/auth/[...nextauth]",
    access: "public",
    foreignAnswers: true,
    methods: {
      GET: { body: none, params: { nextauth: { value: "session" } } },
      POST: {
        params: { nextauth: { value: "callback/credentials" } },
        body: {
          type: "form",
          sample: (fixtures) => ({ email: fixtures.member.email, password: fixtures.member.password }),
          strings: ["email", "password"],
        },
      },
    },
  },
  {
    path: "/api/chat/conversations",
    access: "member",
    methods: {
      GET: { body: none, query: { q: {} }, snapshot: true },
      POST: { body: { type: "json", sample: () => ({ title: "Made by the route sweep" }), strings: ["title"], closed: [] } },
    },
  },
  {
    path: "/api/chat/conversations/[id]",
    access: "member",
    params: { id: { fixture: "conversation" } },
    methods: {
      GET: { body: none, snapshot: true },
      PATCH: { body: { type: "json", sample: () => ({ title: "Renamed by the route sweep" }), strings: ["title"], closed: [] } },
      DELETE: { body: none },
    },
  },
  {
    // The fixture conversation has no turns: every fork names a turn that is not on it.
    path: "/api/chat/conversations/[id]/fork",
    access: "member",
    params: { id: { fixture: "conversation" } },
    methods: { POST: { body: { type: "json", sample: () => ({ turnId: "00000000-0000-4000-8000-000000000000" }), strings: [], closed: ["turnId"] } } },
  },
  {
    path: "/api/chat/conversations/[id]/turns",
    access: "member",
    params: { id: { fixture: "conversation" } },
    methods: {
      POST: {
        body: {
          type: "json",
          sample: (fixtures) => ({
            text: "Make the sky teal",
            images: [referenceImage(fixtures)],
            size: "1K",
            seed: 42,
            footnote: "route sweep",
            resizeMaxPixels: 1_000_000,
            useSearchTool: false,
            parentTurnId: null,
          }),
          strings: ["text", "images.0.assetId", "size", "footnote"],
          closed: ["images.0.assetId", "images.0.mime", "size", "parentTurnId"],
        },
      },
    },
  },
  {
    path: "/api/gallery",
    access: "member",
    methods: {
      GET: {
        body: none,
        query: {
          scope: { sample: "mine", closed: true },
          kind: { closed: true },
          model: {},
          from: { closed: true },
          to: { closed: true },
          creator: { closed: true },
          shared: { closed: true },
          q: {},
          cursor: { closed: true },
          limit: { number: true },
        },
        snapshot: true,
      },
    },
  },
  {
    path: "/api/gallery/download",
    access: "member",
    methods: { GET: { body: none, query: { ids: { sample: "00000000-0000-4000-8000-000000000000", closed: true, required: true } } } },
  },
  {
    path: "/api/gallery/items/[id]",
    access: "member",
    params: { id: { fixture: "galleryItem" } },
    methods: { GET: { body: none, snapshot: true }, DELETE: { body: none } },
  },
  {
    path: "/api/gallery/items/[id]/download",
    access: "member",
    params: { id: { fixture: "galleryItem" } },
    methods: { GET: { body: none } },
  },
  {
    // Refused while public links are off (the default), whatever the body.
    path: "/api/gallery/items/[id]/links",
    access: "member",
    params: { id: { fixture: "galleryItem" } },
    methods: {
      GET: { body: none },
      POST: { body: { type: "json", sample: () => ({ expiresInDays: 7 }), strings: [], closed: [] } },
    },
  },
  {
    path: "/api/gallery/items/[id]/reuse",
    access: "member",
    params: { id: { fixture: "galleryItem" } },
    methods: { GET: { body: none } },
  },
  {
    path: "/api/gallery/items/[id]/share",
    access: "member",
    params: { id: { fixture: "galleryItem" } },
    methods: { PUT: { body: { type: "json", sample: (fixtures) => ({ teamId: fixtures.team }), strings: [], closed: ["teamId"] } } },
  },
  {
    path: "/api/gallery/links/[linkId]",
    access: "member",
    params: { linkId: { value: "00000000-0000-4000-8000-000000000000" } },
    methods: { DELETE: { body: none } },
  },
  {
    path: "/api/gallery/selection",
    access: "member",
    methods: {
      POST: {
        body: { type: "json", sample: (fixtures) => ({ action: "share", ids: [fixtures.galleryItem], teamId: fixtures.team }), strings: [], closed: ["action", "ids.0", "teamId"] },
      },
    },
  },
  {
    path: "/api/jobs",
    access: "member",
    methods: { GET: { body: none, snapshot: true } },
  },
  {
    // A job id that names nothing: every hostile case is refused before a job is looked up, and a
    // real one is covered by the jobs tests.
    path: "/api/jobs/[id]",
    access: "member",
    params: { id: { value: "00000000-0000-4000-8000-000000000000" } },
    methods: { GET: { body: none } },
  },
  {
    path: "/api/jobs/[id]/cancel",
    access: "member",
    params: { id: { value: "00000000-0000-4000-8000-000000000000" } },
    methods: { POST: { body: none } },
  },
  {
    path: "/api/jobs/[id]/run-again",
    access: "member",
    params: { id: { value: "00000000-0000-4000-8000-000000000000" } },
    methods: { POST: { body: none } },
  },
  {
    path: "/api/jobs/events",
    access: "member",
    methods: { GET: { body: none, query: { after: { sample: "0", number: true } } } },
  },
  {
    path: "/api/upstreams",
    access: "member",
    methods: { GET: { body: none } },
  },
  {
    path: "/api/me",
    access: "member",
    methods: { GET: { body: none } },
  },
  {
    path: "/api/me/active-team",
    access: "member",
    methods: { PUT: { body: { type: "json", sample: (fixtures) => ({ teamId: fixtures.team }), strings: [], closed: ["teamId"] } } },
  },
  {
    // The member's own pending invitations by email.
    path: "/api/me/team-invitations",
    access: "member",
    methods: { GET: { body: none, snapshot: true } },
  },
  {
    // The member's personal access tokens: a token made shows in the GET.
    path: "/api/me/tokens",
    access: "member",
    methods: {
      GET: { body: none, snapshot: true },
      POST: {
        body: { type: "json", sample: () => ({ name: "Made by the route sweep", scopes: ["read"], expiresInDays: 30 }), strings: ["name"], closed: ["scopes.0"] },
      },
    },
  },
  {
    path: "/api/me/tokens/[id]",
    access: "member",
    params: { id: { value: "00000000-0000-4000-8000-000000000000" } },
    methods: { DELETE: { body: none } },
  },
  {
    path: "/api/me/password",
    access: "member",
    methods: {
      POST: {
        body: {
          type: "json",
          sample: (fixtures) => ({ currentPassword: fixtures.member.password, newPassword: "a new password from the sweep" }),
          strings: ["currentPassword", "newPassword"],
          closed: [],
        },
      },
    },
  },
  {
    // Liveness for a load balancer: no session, no data.
    path: "/api/health",
    access: "public",
    methods: { GET: { body: none } },
  },
  {
    // Readiness for a load balancer: states of the database, migrations, storage and workers, no session.
    path: "/api/ready",
    access: "public",
    methods: { GET: { body: none } },
  },
  {
    // The API's OpenAPI document: the same for everyone, no session needed.
    path: "/api/openapi.json",
    access: "public",
    methods: { GET: { body: none } },
  },
  {
    // A file of a public link's entry: no session; every link here names nothing (links are off by default).
    path: "/api/public/[token]/assets/[assetId]",
    access: "public",
    params: { token: { value: "A".repeat(43) }, assetId: { fixture: "asset" } },
    methods: { GET: { body: none } },
  },
  {
    // Nobody's invitation: every request here names one the member may not answer.
    path: "/api/team-invitations/[id]/accept",
    access: "member",
    params: { id: { value: "00000000-0000-4000-8000-000000000000" } },
    methods: { POST: { body: none } },
  },
  {
    path: "/api/team-invitations/[id]/decline",
    access: "member",
    params: { id: { value: "00000000-0000-4000-8000-000000000000" } },
    methods: { POST: { body: none } },
  },
  {
    path: "/api/teams",
    access: "member",
    methods: {
      GET: { body: none, snapshot: true },
      POST: { body: { type: "json", sample: () => ({ name: "Made by the route sweep" }), strings: ["name"], closed: [] } },
    },
  },
  {
    // A team the member owns: a change that slipped through shows in its name and members.
    path: "/api/teams/[id]",
    access: "member",
    params: { id: { fixture: "team" } },
    methods: {
      GET: { body: none, snapshot: true },
      PATCH: { body: { type: "json", sample: () => ({ name: "Renamed by the route sweep" }), strings: ["name"], closed: [] } },
    },
  },
  {
    // The team's audit log, for its owners: the member owns the fixture team.
    path: "/api/teams/[id]/audit",
    access: "member",
    params: { id: { fixture: "team" } },
    methods: {
      GET: {
        body: none,
        query: {
          category: { closed: true },
          action: { closed: true },
          actorId: { closed: true },
          from: { closed: true },
          to: { closed: true },
          target: {},
          cursor: { closed: true },
        },
      },
    },
  },
  {
    path: "/api/teams/[id]/audit/csv",
    access: "member",
    params: { id: { fixture: "team" } },
    methods: {
      GET: {
        body: none,
        query: {
          category: { closed: true },
          action: { closed: true },
          actorId: { closed: true },
          from: { closed: true },
          to: { closed: true },
          target: {},
        },
      },
    },
  },
  {
    path: "/api/teams/[id]/invites",
    access: "member",
    params: { id: { fixture: "team" } },
    methods: {
      GET: { body: none, snapshot: true },
      POST: { body: { type: "json", sample: () => ({ note: "Made by the route sweep", expiresInDays: 7 }), strings: ["note"], closed: [] } },
    },
  },
  {
    path: "/api/teams/[id]/invites/[inviteId]",
    access: "member",
    params: { id: { fixture: "team" }, inviteId: { value: "00000000-0000-4000-8000-000000000000" } },
    methods: { DELETE: { body: none } },
  },
  {
    // An invitation to an address with no account: one that slipped through shows in the GET.
    path: "/api/teams/[id]/invitations",
    access: "member",
    params: { id: { fixture: "team" } },
    methods: {
      GET: { body: none, snapshot: true },
      POST: { body: { type: "json", sample: () => ({ email: "nobody@studio.test", role: "member" }), strings: ["email"], closed: ["role"] } },
    },
  },
  {
    path: "/api/teams/[id]/invitations/[invitationId]",
    access: "member",
    params: { id: { fixture: "team" }, invitationId: { value: "00000000-0000-4000-8000-000000000000" } },
    methods: { DELETE: { body: none } },
  },
  {
    // The bystander is in no team of the member's: every request here names a stranger.
    path: "/api/teams/[id]/members/[userId]",
    access: "member",
    params: { id: { fixture: "team" }, userId: { fixture: "bystander" } },
    methods: {
      PATCH: { body: { type: "json", sample: () => ({ role: "owner" }), strings: [], closed: ["role"] } },
      DELETE: { body: none },
    },
  },
  {
    path: "/api/teams/join",
    access: "member",
    methods: { POST: { body: { type: "json", sample: (fixtures) => ({ token: fixtures.inviteCode }), strings: ["token"], closed: [] } } },
  },
  {
    path: "/api/uploads",
    access: "member",
    methods: { POST: { body: { type: "upload" }, query: { purpose: { sample: "alpha-v3", closed: true, required: true }, name: { sample: "reference.png" } } } },
  },
  {
    // What is left of the budgets that bind the member's next start.
    path: "/api/budgets",
    access: "member",
    methods: { GET: { body: none, snapshot: true } },
  },
  {
    // The budgets past their alert threshold that concern the member (all of them for an admin).
    path: "/api/budgets/alerts",
    access: "member",
    methods: { GET: { body: none, snapshot: true } },
  },
  {
    // The signed-in user's own usage.
    path: "/api/usage",
    access: "member",
    methods: { GET: { body: none, query: { from: { closed: true }, to: { closed: true }, groupBy: { closed: true }, model: { closed: true } }, snapshot: true } },
  },
  {
    path: "/api/videos",
    access: "member",
    methods: {
      GET: {
        body: none,
        query: { task: { sample: "t2va", closed: true }, status: { closed: true }, cursor: { closed: true }, limit: { sample: "20", number: true } },
        snapshot: true,
      },
      POST: {
        body: {
          type: "json",
          sample: () => ({
            task: "t2va",
            prompt: "A paper boat on a rainy street",
            durationSeconds: 4,
            shortEdge: 768,
            aspectRatio: "16:9",
            delivery720p: false,
            advanced: { steps: 20, seed: 7 },
            inputs: [],
          }),
          strings: ["prompt"],
          closed: ["task", "aspectRatio"],
        },
      },
    },
  },
  {
    // A video job id that names nothing: a real one is covered by lib/videos' integration tests.
    path: "/api/videos/[id]",
    access: "member",
    params: { id: { value: "00000000-0000-4000-8000-000000000000" } },
    methods: { GET: { body: none }, DELETE: { body: none, query: { archive: { sample: "keep", closed: true, required: true } } } },
  },
  {
    path: "/api/videos/[id]/cancel",
    access: "member",
    params: { id: { value: "00000000-0000-4000-8000-000000000000" } },
    methods: { POST: { body: none } },
  },
  {
    // "Use frame": keeps an uploaded frame as a gallery image made from the video.
    path: "/api/videos/[id]/frames",
    access: "member",
    params: { id: { value: "00000000-0000-4000-8000-000000000000" } },
    methods: { POST: { body: { type: "json", sample: (fixtures) => ({ assetId: fixtures.asset }), strings: ["assetId"], closed: [] } } },
  },
  {
    path: "/api/videos/partition",
    access: "member",
    methods: { GET: { body: none } },
  },
];

export const serverActions: ServerAction[] = [
  {
    module: "app/(auth)/actions.ts",
    name: "signInAction",
    page: "/sign-in",
    access: "public",
    form: { sample: (fixtures) => ({ email: fixtures.member.email, password: fixtures.member.password }), strings: ["email", "password"] },
  },
  {
    module: "app/(auth)/actions.ts",
    name: "signUpAction",
    page: "/sign-up",
    access: "public",
    form: {
      // A valid invite and a new address each time: a sign-up that slips through creates a user the
      // snapshot sees.
      sample: (fixtures) => ({
        name: "Sweep Signup",
        email: `sweep-signup-${crypto.randomUUID()}@studio.test`,
        password: "correct horse battery",
        invite: fixtures.inviteCode,
      }),
      strings: ["name", "email", "password", "invite"],
    },
  },
  // Last in the sweep: one that slipped through would end the member's session.
  { module: "app/(auth)/actions.ts", name: "signOutAction", page: "/", access: "member" },
];
