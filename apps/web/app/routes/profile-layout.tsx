/** The profile frame around every /profile/* page (the access rule for visitors runs in the site middleware). */
import { Outlet } from 'react-router';
import { ProfileCharacter } from '../features/loyalty/components/profile-character';
import { ProfileLayout } from '../features/profile/components/profile-layout';

export default function ProfileLayoutRoute() {
  return (
    <ProfileLayout beside={<ProfileCharacter />}>
      <Outlet />
    </ProfileLayout>
  );
}
