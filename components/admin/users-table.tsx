"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { MutationError } from "@/components/ui/mutation-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { UserSummary } from "@/lib/auth/types";
import type { AdminUserRow } from "@/lib/storage-quota/quota-rules";
import { api } from "@/lib/client/api";
import { formatDate } from "./format";
import { adminShareLinksKey } from "./share-links-queries";
import { StorageQuotaCell } from "./storage-quota-cell";
import { DataCell, DataTable, type DataColumn } from "@/components/ui/data-table";

type UsersTableProps = { initialUsers: AdminUserRow[]; currentUserId: string; defaultQuotaBytes: number | null };

const USER_COLUMNS = {
  user: { label: "User", lead: true },
  storage: { label: "Storage", wide: true, className: "px-3 py-2" },
  actions: { label: "Actions", hidden: true },
} satisfies Record<string, DataColumn>;

export function UsersTable({ initialUsers, currentUserId, defaultQuotaBytes }: UsersTableProps) {
  const [users, setUsers] = useState(initialUsers);
  const queryClient = useQueryClient();
  const setDisabled = useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) =>
      api<{ user: UserSummary }>(`/api/admin/users/${encodeURIComponent(id)}`, { method: "PATCH", json: { disabled } }),
    onSuccess: ({ user }) => {
      setUsers((current) => current.map((row) => (row.id === user.id ? { ...row, ...user } : row)));
      // A disabled user's public links are suspended, an enabled one's open again.
      void queryClient.invalidateQueries({ queryKey: adminShareLinksKey });
    },
  });

  return (
    <Card className="overflow-hidden">
      <div className="border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
        <h2 className="text-sm font-semibold">Users ({users.length})</h2>
        <p className="mt-0.5 text-xs text-muted">A disabled user is signed out everywhere at once and cannot sign in until enabled again.</p>
      </div>
      <MutationError mutation={setDisabled} title="The change was not saved" className="border-b border-zinc-200 p-3 dark:border-zinc-800" />
      <DataTable
        label="Users"
        columns={Object.values(USER_COLUMNS)}
      >
        {users.map((user) => {
          const busy = setDisabled.isPending && setDisabled.variables?.id === user.id;
          return (
            <tr key={user.id} className={user.disabledAt ? "text-muted" : undefined}>
              <DataCell column={USER_COLUMNS.user} className="max-w-64 px-5 py-2.5">
                <div className="flex flex-wrap items-center gap-1.5">
                  <span className="font-medium">{user.name}</span>
                  <Badge tone={user.role === "admin" ? "accent" : "neutral"}>{user.role}</Badge>
                  {user.disabledAt ? <Badge tone="danger">disabled</Badge> : null}
                </div>
                <span className={`block truncate text-xs ${user.disabledAt ? "" : "text-zinc-600 dark:text-zinc-400"}`} title={user.email}>
                  {user.email}
                </span>
                <span className="block text-xs text-muted">Joined {formatDate(user.createdAt)}</span>
              </DataCell>
              <DataCell column={USER_COLUMNS.storage} className="px-3 py-2.5">
                <StorageQuotaCell
                  url={`/api/admin/users/${encodeURIComponent(user.id)}/storage-quota`}
                  name={user.name}
                  usedBytes={user.storageUsedBytes}
                  quotaBytes={user.storageQuotaBytes}
                  defaultBytes={defaultQuotaBytes}
                />
              </DataCell>
              <DataCell column={USER_COLUMNS.actions} className="px-5 py-2 text-right whitespace-nowrap">
                {user.id === currentUserId ? (
                  <span className="text-xs text-muted">you</span>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={busy}
                    aria-label={`${user.disabledAt ? "Enable" : "Disable"} ${user.name}`}
                    onClick={() => setDisabled.mutate({ id: user.id, disabled: !user.disabledAt })}
                  >
                    {busy ? "Saving…" : user.disabledAt ? "Enable" : "Disable"}
                  </Button>
                )}
              </DataCell>
            </tr>
          );
        })}
      </DataTable>
    </Card>
  );
}
