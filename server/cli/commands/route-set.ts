import { defineCommand, required, UsageError } from "../command";
import { setRouteCarriers } from "../../modules/sms/set-route-carriers";
import { cliActor } from "../../modules/audit/record-audit";

const ROUTES = ["africa_local", "africa_regional", "global"] as const;

export default defineCommand({
  name: "route set",
  usage: "route set --route africa_local|africa_regional|global --carriers a,b [--json]",
  options: { route: { type: "string" }, carriers: { type: "string" } },
  parse(values) {
    const route = required(values, "route");
    if (!(ROUTES as readonly string[]).includes(route))
      throw new UsageError(`--route must be one of ${ROUTES.join(", ")}`);
    const carriers = required(values, "carriers")
      .split(",")
      .map((c) => c.trim())
      .filter(Boolean);
    if (!carriers.length || new Set(carriers).size !== carriers.length)
      throw new UsageError("--carriers must list distinct carrier names, in order");
    return { route: route as (typeof ROUTES)[number], carriers };
  },
  async run(args) {
    const saved = await setRouteCarriers({ route: args.route, carriers: args.carriers, actor: cliActor() });
    return { json: saved, text: `route ${saved.route}: ${saved.carriers.join(" -> ")}` };
  },
});
