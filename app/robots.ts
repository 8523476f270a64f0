import type { MetadataRoute } from "next";

// The public pages (home, docs) may be indexed; accounts, the staff console and the API may not.
export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/accounts/", "/dashboard", "/admin", "/api/"] },
  };
}
