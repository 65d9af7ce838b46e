import type { NextRequest } from "next/server";
import { handlers, withoutForgedCallback } from "@/lib/server/auth";

export const GET = (request: NextRequest) => handlers.GET(withoutForgedCallback(request));
export const POST = (request: NextRequest) => handlers.POST(withoutForgedCallback(request));
