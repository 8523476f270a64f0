import { handleTrpcRequest } from "@/server/trpc/handle-request";

export { handleTrpcRequest as GET, handleTrpcRequest as POST };
