-- Templates can be edited (docs/decisions.md, "Templates and broadcasts"): each edit is a new version. A broadcast
-- keeps the content it copied when it was made, so what it sent, or will send, is never changed by an edit.
ALTER TABLE "templates" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "broadcasts" ADD COLUMN "template_version" INTEGER;
