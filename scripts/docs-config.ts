// npm run docs:config: rewrites the README's configuration table from server/config.
import { readFileSync, writeFileSync } from "node:fs";
import { withConfigurationTable } from "../server/config/readme-table";

writeFileSync("README.md", withConfigurationTable(readFileSync("README.md", "utf8")));
console.log("README.md: configuration table regenerated from server/config");
