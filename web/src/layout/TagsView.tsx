import { CloseOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useTabLabels } from '../shared/tabs/labels';
import { setTags, tagsState, useTags } from '../shared/tabs/store';
import { tagCommand, type Tag } from '../shared/tabs/tags';
import { SHELL_NS } from './locales';

/** Spec §9: the tab context menu is 105 px wide. */
const MENU_WIDTH = 105;

type Command = Parameters<typeof tagCommand>[1];

/**
 * The tags view (the product specification): a tab per visited page, affix tabs first and without a close icon;
 * a click goes back to the tab's last address, middle-click or the close icon closes, and a
 * right-click menu offers refresh, close, close others and close all.
 */
export function TagsView() {
  const { t } = useTranslation(SHELL_NS);
  const { visited } = useTags();
  const labels = useTabLabels();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const barRef = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<{ tag: Tag; left: number; top: number } | null>(null);

  const run = (command: Command, tag: Tag) => {
    setMenu(null);
    const result = tagCommand(tagsState(), command, tag.key, pathname);
    setTags(result.state);
    if (result.navigateTo) void navigate(result.navigateTo, { replace: result.replace });
  };

  // The menu closes on any click elsewhere and when the bar scrolls.
  useEffect(() => {
    if (!menu) return undefined;
    const close = () => setMenu(null);
    const bar = barRef.current;
    document.addEventListener('click', close);
    bar?.addEventListener('scroll', close);
    return () => {
      document.removeEventListener('click', close);
      bar?.removeEventListener('scroll', close);
    };
  }, [menu]);

  // The active tab scrolls into view — within the bar only (scrollIntoView would scroll the window too);
  // again when its label arrives (a detail page's tab gets the record's name once it is loaded, and grows).
  const activeLabel = labels[pathname] ?? '';
  useEffect(() => {
    const bar = barRef.current;
    const active = bar?.querySelector<HTMLElement>('.bh-tag--active');
    if (!bar || !active) return;
    const left = active.offsetLeft - bar.offsetLeft;
    if (left < bar.scrollLeft) bar.scrollLeft = Math.max(0, left - 15);
    else if (left + active.offsetWidth > bar.scrollLeft + bar.clientWidth) {
      bar.scrollLeft = left + active.offsetWidth - bar.clientWidth + 15;
    }
  }, [pathname, visited.length, activeLabel]);

  const openMenu = (event: MouseEvent, tag: Tag) => {
    event.preventDefault();
    const left = Math.max(0, Math.min(event.clientX + 15, window.innerWidth - MENU_WIDTH - 4));
    setMenu({ tag, left, top: event.clientY });
  };

  return (
    <nav className="bh-tags" aria-label="tabs">
      <div
        className="bh-tags__scroll"
        ref={barRef}
        onWheel={(event) => {
          if (barRef.current && event.deltaY !== 0) barRef.current.scrollLeft += event.deltaY / 4;
        }}
      >
        {visited.map((tag) => {
          const active = tag.key === pathname;
          const own = labels[tag.key];
          const title = own ? `${t(tag.title)} ${own}` : t(tag.title);
          return (
            <span
              key={tag.key}
              role="link"
              tabIndex={0}
              className={active ? 'bh-tag bh-tag--active' : 'bh-tag'}
              data-path={tag.key}
              aria-current={active ? 'page' : undefined}
              onClick={() => {
                if (tag.fullPath !== pathname) void navigate(tag.fullPath);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') void navigate(tag.fullPath);
              }}
              onMouseDown={(event) => {
                if (event.button === 1) event.preventDefault(); // no auto-scroll on middle-click
              }}
              onAuxClick={(event) => {
                if (event.button === 1 && !tag.affix) run('close', tag);
              }}
              onContextMenu={(event) => openMenu(event, tag)}
            >
              {title}
              {tag.affix ? null : (
                <button
                  type="button"
                  className="bh-tag__close"
                  aria-label={`${t('tags.closeTab')}: ${title}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    run('close', tag);
                  }}
                >
                  <CloseOutlined />
                </button>
              )}
            </span>
          );
        })}
      </div>
      {menu ? (
        <ul className="bh-tags__menu" role="menu" style={{ left: menu.left, top: menu.top, width: MENU_WIDTH }}>
          <li role="menuitem" onClick={() => run('refresh', menu.tag)}>
            {t('tags.refresh')}
          </li>
          {menu.tag.affix ? null : (
            <li role="menuitem" onClick={() => run('close', menu.tag)}>
              {t('tags.close')}
            </li>
          )}
          <li role="menuitem" onClick={() => run('closeOthers', menu.tag)}>
            {t('tags.closeOthers')}
          </li>
          <li role="menuitem" onClick={() => run('closeAll', menu.tag)}>
            {t('tags.closeAll')}
          </li>
        </ul>
      ) : null}
    </nav>
  );
}
