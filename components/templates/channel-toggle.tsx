import { pillClass } from "../ui/pill";

/** SMS or email: the pair of pills a template's or a broadcast's content is written for. */
export function ChannelToggle({
  channel,
  onChange,
}: {
  channel: "sms" | "email";
  onChange: (channel: "sms" | "email") => void;
}) {
  return (
    <div role="group" aria-label="Channel" className="flex gap-1">
      {(["sms", "email"] as const).map((c) => (
        <button
          key={c}
          type="button"
          aria-pressed={channel === c}
          onClick={() => onChange(c)}
          className={pillClass(channel === c)}
        >
          {c === "sms" ? "SMS" : "Email"}
        </button>
      ))}
    </div>
  );
}
