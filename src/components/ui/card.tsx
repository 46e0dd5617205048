import type { ReactNode } from "react";

/**
 * A card whose heading names it: the region's label for assistive technology is the visible
 * title (or a hidden one, with `titleClassName="sr-only"`).
 */
export function Card({
  id,
  title,
  titleClassName = "card__title",
  as: Tag = "section",
  className,
  testId,
  source,
  children,
}: {
  id: string;
  title: ReactNode;
  titleClassName?: string;
  as?: "section" | "nav";
  className?: string;
  testId?: string;
  /** Where its figures were read: the server's reading before the wallet's, then the chain's own. */
  source?: "server" | "chain";
  children: ReactNode;
}) {
  return (
    <Tag className={className ? `card ${className}` : "card"} aria-labelledby={id} data-testid={testId} data-source={source}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </Tag>
  );
}
