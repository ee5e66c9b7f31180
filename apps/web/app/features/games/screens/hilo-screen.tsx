import type { TScreenProps } from '../components/game-page';

export default function Screen(_props: TScreenProps) {
  return null;
}
