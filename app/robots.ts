import type { MetadataRoute } from "next";

// The public pages (home, docs) may be indexed; accounts and the API may not. The staff console is not named: to
// everyone else it is a 404, which no crawler indexes, and a line here would tell the world it exists.
export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/accounts/", "/dashboard", "/api/"] },
  };
}
