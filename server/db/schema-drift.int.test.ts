import { describe, expect, it } from "vitest";
import { databaseShape, modelShape } from "../../test/schema-shape";
import { config } from "../config/config";

describe("migrations and the Prisma data model", () => {
  it("describe the same tables, columns, types, nullability, keys and indexes", async () => {
    const fromModel = modelShape();
    const fromDatabase = await databaseShape(config().DATABASE_URL!);
    expect(fromModel.length).toBeGreaterThan(40);
    expect(fromDatabase).toEqual(fromModel);
  });
});
