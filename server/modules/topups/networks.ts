/** Ghana's mobile networks as SPEC names them on data purchases. */
export const NETWORKS = ["mtn", "telecel", "airteltigo"] as const;
export type Network = (typeof NETWORKS)[number];
