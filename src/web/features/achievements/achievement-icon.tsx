import {
  Award,
  CircleCheck,
  ClipboardCheck,
  Crown,
  Flag,
  Flame,
  Gem,
  type LucideIcon,
  Medal,
  Star,
  Trophy,
} from 'lucide-react';
import type { AchievementIcon as IconName } from '../../../domain/achievements';

/** The lucide icon names content may use, each mapped explicitly (no import of the whole icon set). */
const ICONS: Record<IconName, LucideIcon> = {
  flag: Flag,
  'clipboard-check': ClipboardCheck,
  medal: Medal,
  award: Award,
  crown: Crown,
  'circle-check': CircleCheck,
  star: Star,
  trophy: Trophy,
  flame: Flame,
  gem: Gem,
};

/** An achievement's icon, decorative: its name is always written beside it. */
export function AchievementIcon({ name, className = 'h-6 w-6' }: { name: IconName; className?: string }) {
  const Icon = ICONS[name] ?? Award;
  return <Icon className={className} aria-hidden="true" />;
}
