"use client";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";
import { RoleSelect } from "./role-select";

type Member = { userId: string; email: string; role: "owner" | "developer" | "viewer" };

/** An owner's controls on another member: role, make owner (stepping down), remove. */
export function MemberActions({
  accountId,
  member,
  onChanged,
}: {
  accountId: string;
  member: Member;
  onChanged: () => void;
}) {
  const trpc = useTRPC();
  const changeRole = useMutation(trpc.team.changeRole.mutationOptions({ onSuccess: onChanged }));
  const remove = useMutation(trpc.team.remove.mutationOptions({ onSuccess: onChanged }));
  const transfer = useMutation(
    trpc.team.transferOwnership.mutationOptions({ onSuccess: () => window.location.reload() }),
  );
  const error = changeRole.error ?? remove.error ?? transfer.error;
  return (
    <div className="flex flex-wrap items-end justify-end gap-2">
      <RoleSelect
        id={`role-${member.userId}`}
        name="role"
        label={`Role of ${member.email}`}
        defaultValue={member.role}
        onChange={(role) => changeRole.mutate({ accountId, userId: member.userId, role })}
      />
      {member.role !== "owner" && (
        <Button
          variant="secondary"
          aria-label={`Make ${member.email} the owner`}
          disabled={transfer.isPending}
          onClick={() => transfer.mutate({ accountId, userId: member.userId })}
        >
          Make owner
        </Button>
      )}
      <Button
        variant="secondary"
        aria-label={`Remove ${member.email}`}
        disabled={remove.isPending}
        onClick={() => remove.mutate({ accountId, userId: member.userId })}
      >
        Remove
      </Button>
      {error && (
        <p role="alert" className="w-full text-right text-xs text-red-600">
          {error.message}
        </p>
      )}
    </div>
  );
}
