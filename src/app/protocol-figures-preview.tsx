import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { protocolPath } from "@/config/paths";
import { BondTermsPreview } from "@/features/bond/components/bond-terms-preview";
import { RoundCardPreview } from "@/features/lottery/components/round-card-preview";
import { roundCardPreviewFigures } from "@/features/lottery/utils/round-figures";
import { StakeSummaryPreview } from "@/features/stake/components/stake-summary-preview";
import { type ProtocolFigures, publicFiguresQueryOptions } from "@/lib/protocol/public-figures";

/** The pages whose first card the server's figures paint, and which place the wallet's guard below it. */
export const FIGURES_FIRST_PATHS: readonly string[] = [protocolPath("stake"), protocolPath("bond"), protocolPath("lottery")];

function previewOf(pathname: string, figures: ProtocolFigures, seenAt: number): ReactNode {
  if (pathname === protocolPath("stake") && figures.stake) return <StakeSummaryPreview figures={figures} seenAt={seenAt} />;
  if (pathname === protocolPath("bond") && figures.bonds) return <BondTermsPreview figures={figures} />;
  if (pathname === protocolPath("lottery") && roundCardPreviewFigures(figures))
    return <RoundCardPreview figures={figures} seenAt={seenAt} />;
  return null;
}

/**
 * What shows while a protocol page's code (the wallet stack, then the page) loads: on stake, bond
 * and lottery, the page's first card painted from the server's figures (ADR-0209), the very
 * component the page renders in the same place, so the page replaces it without moving it; on any
 * other page, or without figures, the spinner. No wallet code or ABI is imported here: this is in
 * the protocol layout's chunk, which must paint before the wallet's has arrived.
 */
export function ProtocolFiguresPreview() {
  const { pathname } = useLocation();
  const figuresFirst = FIGURES_FIRST_PATHS.includes(pathname);
  const server = useQuery({ ...publicFiguresQueryOptions(), enabled: figuresFirst });
  const figures = server.data?.figures;
  return (figuresFirst && figures ? previewOf(pathname, figures, server.dataUpdatedAt) : null) ?? <PageSpinner />;
}
