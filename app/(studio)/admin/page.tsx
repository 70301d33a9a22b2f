import type { Metadata } from "next";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageAdmin } from "@/lib/auth/current-user";
import { listUsers } from "@/lib/auth/list-users";
import { upstreamSummary } from "@/lib/upstream/summary";

export const metadata: Metadata = { title: "Admin" };

export default async function AdminPage() {
  await requirePageAdmin();
  const [users, upstream] = await Promise.all([listUsers(), Promise.resolve(upstreamSummary())]);
  return (
    <>
      <PageHeader title="Admin" description="People with access to the studio and the upstream services it uses." />
      <div className="grid gap-6 xl:grid-cols-[2fr_1fr]">
        <Card className="overflow-hidden">
          <h2 className="border-b border-zinc-200 px-5 py-3 text-sm font-semibold dark:border-zinc-800">Users ({users.length})</h2>
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase tracking-wide text-zinc-500">
              <tr>
                <th className="px-5 py-2 font-medium">Name</th>
                <th className="px-5 py-2 font-medium">Email</th>
                <th className="px-5 py-2 font-medium">Role</th>
                <th className="px-5 py-2 font-medium">Joined</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {users.map((user) => (
                <tr key={user.id}>
                  <td className="px-5 py-2.5 font-medium">{user.name}</td>
                  <td className="px-5 py-2.5 text-zinc-600 dark:text-zinc-400">{user.email}</td>
                  <td className="px-5 py-2.5">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                        user.role === "admin"
                          ? "bg-accent-100 text-accent-700 dark:bg-accent-500/20 dark:text-accent-400"
                          : "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
                      }`}
                    >
                      {user.role}
                    </span>
                  </td>
                  <td className="px-5 py-2.5 text-zinc-500">{user.createdAt.toISOString().slice(0, 10)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
        <Card className="p-5">
          <h2 className="mb-3 text-sm font-semibold">Upstream services</h2>
          <dl className="space-y-3 text-sm">
            {upstream.map((service) => (
              <div key={service.name}>
                <dt className="text-zinc-500">{service.name}</dt>
                <dd className="font-mono text-xs break-all">{service.url ?? "not configured"}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-xs text-zinc-500">Keys stay on the server and are never shown here. Partition control and health arrive with the video dashboard.</p>
        </Card>
      </div>
    </>
  );
}
