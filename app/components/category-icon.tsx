/** Draws a category's icon from its `icon` name (content/categories.ts). */
import {
  Bitcoin,
  BrainCircuit,
  ChartCandlestick,
  Feather,
  Gem,
  type LucideProps,
  PiggyBank,
  Rocket,
  Target,
  TrendingUp,
} from "lucide-react";
import type { Category } from "../../content/categories";

const ICONS = {
  "piggy-bank": PiggyBank,
  "trending-up": TrendingUp,
  candlestick: ChartCandlestick,
  bitcoin: Bitcoin,
  brain: BrainCircuit,
  rocket: Rocket,
  gem: Gem,
  target: Target,
  feather: Feather,
} satisfies Record<Category["icon"], unknown>;

/** The icon, decorative (`aria-hidden`); pass a class to size it. */
export function CategoryIcon({ icon, ...props }: { icon: Category["icon"] } & LucideProps) {
  const Icon = ICONS[icon];
  return <Icon aria-hidden="true" {...props} />;
}
