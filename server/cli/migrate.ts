// `npm run db:migrate`: applies pending migrations to DATABASE_URL or the embedded database.
import { bootDatabase } from "../db/bootstrap";

const database = await bootDatabase();
console.log(database.applied.length ? `applied: ${database.applied.join(", ")}` : "database is up to date");
await database.release();
