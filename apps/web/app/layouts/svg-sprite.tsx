import { Outlet } from 'react-router';

/** The svg-sprite layout (`/_icons`): nothing around the sprite. */
export default function SvgSpriteLayout() {
  return <Outlet />;
}
