// Adding a command: write one file in this folder and list it here.
import type { Command } from "../command";
import accountCreate from "./account-create";
import { accountActivate, accountSuspend } from "./account-status";
import balanceCredit from "./balance-credit";
import domainAdd from "./domain-add";
import keyCreate from "./key-create";
import keyRevoke from "./key-revoke";
import staffCreate from "./staff-create";
import staffRemove from "./staff-remove";
import senderIdAdd from "./sender-id-add";
import senderIdDecide from "./sender-id-decide";
import phoneAdd from "./phone-add";
import routeSet from "./route-set";
import countryRuleSet from "./country-rule-set";
import ussdCodeAssign from "./ussd-code-assign";

// Each command has its own argument type; main.ts hands each parse() result to the same command's run().
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const COMMANDS: Command<any>[] = [
  accountCreate,
  accountSuspend,
  accountActivate,
  keyCreate,
  keyRevoke,
  balanceCredit,
  staffCreate,
  staffRemove,
  domainAdd,
  senderIdAdd,
  senderIdDecide,
  phoneAdd,
  routeSet,
  countryRuleSet,
  ussdCodeAssign,
];
