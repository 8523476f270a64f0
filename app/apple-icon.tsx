import { ImageResponse } from "next/og";

// The Kasa mark for home screens, drawn at build time (nothing fetched).
export const size = { width: 180, height: 180 };
export const contentType = "image/png";

export default function AppleIcon() {
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        background: "#17804f",
        color: "white",
        fontSize: 120,
        fontWeight: 700,
      }}
    >
      K
    </div>,
    size,
  );
}
