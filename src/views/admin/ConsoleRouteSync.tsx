/**
 * The console's address bar ↔ its session machine (as src/app/RouteSync.tsx does for the booking flow): a path typed,
 * linked to or reached by Back/Forward is sent as `route.enter` (the machine decides what opens: sign-in, a page the
 * member's role may see, else the board), and the URL is put where the machine is (replace, no new history entry).
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { isConsolePath, selectConsolePath } from '../../../machines/console/index.ts';
import { Console } from '../../app/console/consoleLogic.ts';

export function ConsoleRouteSync() {
  const actor = Console.useActorRef();
  const machinePath = Console.useSelector(selectConsolePath);
  const [location, navigate] = useLocation();
  const sent = useRef(location);

  // URL → machine (not the first location: the machine started from it); the URL is put back where the machine is
  // when it stays (a page asked for while signed out, or one the member's role may not see).
  useEffect(() => {
    if (location === sent.current || !isConsolePath(location)) return;
    sent.current = location;
    actor.send({ type: 'route.enter', path: location });
    const target = selectConsolePath(actor.getSnapshot());
    if (target !== null && target !== location) {
      sent.current = target;
      navigate(target, { replace: true });
    }
  }, [location, actor, navigate]);

  // Machine → URL.
  useEffect(() => {
    if (machinePath === null || machinePath === location) return;
    sent.current = machinePath;
    navigate(machinePath, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [machinePath]);

  return null;
}
