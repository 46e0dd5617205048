import { useTranslation } from "react-i18next";
import { LoadState } from "@/components/ui/load-state";
import { formatDate } from "@/lib/format-date";
import { toast } from "@/lib/toast";
import { Facts } from "../../components/facts";
import { awaitsApproval, useChangeRole } from "../api/change-role";
import { type RoleGrant, useRoleGrants } from "../api/get-roles";
import { GrantRoleForm } from "./grant-role-form";

/**
 * Roles (admin): who holds which role, granting and revoking. A configured admin is changed in the
 * settings only. With two admins or more, grants of treasurer and admin, and revocations of admin
 * (one's own included), wait for another admin; with one, grants take effect at once, and the
 * page says that the four-eyes rule then rests on that admin alone.
 */
export function RolesPage() {
  const { t } = useTranslation();
  const query = useRoleGrants();
  const admins = query.data ? new Set(query.data.filter((g) => g.role === "admin").map((g) => g.address)).size : null;
  return (
    <>
      <GrantRoleForm admins={admins} />
      <section className="card console-section" aria-labelledby="roles-title">
        <h2 id="roles-title" className="card__title">
          {t("console.roles.title")}
        </h2>
        <LoadState
          isPending={query.isPending}
          isError={query.isError && !query.data}
          isEmpty={query.data?.length === 0}
          onRetry={() => void query.refetch()}
        />
        {query.data?.length ? (
          <ul className="console-items" data-testid="roles-list">
            {query.data.map((grant) => (
              <GrantItem key={`${grant.address}-${grant.role}`} grant={grant} />
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}

function GrantItem({ grant }: { grant: RoleGrant }) {
  const { t } = useTranslation();
  const revoke = useChangeRole("revoke");
  const configured = grant.grantedBy === "config";
  return (
    <li className="console-item" data-testid={`grant-${grant.address}-${grant.role}`}>
      <div className="console-item__head">
        <span className="mono">{grant.address}</span>
        <span className="status-badge status-badge--approved">{t(`console.role.${grant.role}`)}</span>
      </div>
      <Facts
        items={[
          [
            t("console.roles.grantedBy"),
            configured ? t("console.roles.bySetting") : <span className="mono">{grant.grantedBy}</span>,
          ],
          [t("console.roles.grantedAt"), grant.grantedAt === null ? null : formatDate(grant.grantedAt, true)],
        ]}
      />
      {configured ? null : (
        <div className="console-actions">
          <button
            type="button"
            className="btn btn--danger"
            disabled={revoke.isPending}
            aria-label={t("console.roles.revokeLabel", { role: t(`console.role.${grant.role}`), address: grant.address })}
            onClick={() =>
              revoke.mutate(
                { address: grant.address, role: grant.role },
                {
                  onSuccess: (outcome) =>
                    toast.success(t(awaitsApproval(outcome) ? "console.roles.revokeRequested" : "console.roles.revoked")),
                },
              )
            }
          >
            {t("console.roles.revoke")}
          </button>
        </div>
      )}
    </li>
  );
}
