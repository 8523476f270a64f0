-- USSD (issue #41): a network's USSD screen, in GSM-7 septets, where it is shorter than the 182 of 3GPP TS 23.038's
-- 160 octets (a UCS-2 screen is 80 characters, scaled the same). Null: 182. No Ghanaian network publishes a shorter
-- one; staff set it where a carrier's handset tests say so.
ALTER TABLE "mobile_networks" ADD COLUMN "ussd_screen_septets" INTEGER
  CHECK ("ussd_screen_septets" BETWEEN 40 AND 182);
