/* eslint no-unused-vars: ["error", {"varsIgnorePattern": "^leftAt$"}] */
// The lesson step a kiosk visitor left unfinished, as the reset address's &left= and
// &leftkey= (ui/counters.py, note_left); sent after idle_watch.js, which calls it.
function leftAt(){var w=window,q=new URLSearchParams(w.location.search),l=q.get('lesson'),
s=q.get('lstep');if(q.get('view')!=='learn'||!l||!s){return '';}
var g=w.location.pathname.split('/').filter(Boolean).pop()||'';
return '&left='+encodeURIComponent(g+'.'+l+'.'+s)
+'&leftkey='+encodeURIComponent(w.__jk.cfg.leftkey||'');}
