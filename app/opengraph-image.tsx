import { ImageResponse } from "next/og";

// The card a link to Kasa (the home page, the docs) shows when shared, drawn at build time.
export const alt = "Kasa: SMS, email and top-ups for developers in Africa and everywhere else";
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

export default function OpenGraphImage() {
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "center",
        padding: 96,
        background: "linear-gradient(135deg, #eef7f2 0%, #ffffff 60%)",
        color: "#0f172a",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 28 }}>
        <div
          style={{
            width: 112,
            height: 112,
            borderRadius: 24,
            background: "#17804f",
            color: "white",
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            fontSize: 76,
            fontWeight: 700,
          }}
        >
          K
        </div>
        <div style={{ fontSize: 84, fontWeight: 700 }}>Kasa</div>
      </div>
      <div style={{ marginTop: 48, fontSize: 46, lineHeight: 1.3, maxWidth: 960 }}>
        SMS, email and top-ups for developers in Africa and everywhere else.
      </div>
      <div style={{ marginTop: 28, fontSize: 30, color: "#126640" }}>
        One API · test keys that never charge · signed webhooks
      </div>
    </div>,
    size,
  );
}
