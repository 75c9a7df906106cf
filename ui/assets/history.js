// One browser history entry per place a visitor goes (ui/shell.py, install_history).
// jk: {place: the parameters that say where a visitor is, games: the game pages' paths,
// wait: how long (ms) an address that may belong to a page change waits}.
var w=window;if(w.__jokoakHistory){return;}
w.__jokoakHistory=true;var h=w.history,push=h.pushState.bind(h),swap=h.replaceState.bind(h);
var place=jk.place,games=jk.games,seq=0;
function page(u){var parts=u.pathname.split('/').filter(Boolean);return parts.length?parts[parts.length-1]:'';}
h.pushState=function(state,title,url){seq+=1;if(url===undefined||url===null){return push(state,title,url);}
var next=new URL(String(url),w.location.href),here=new URL(w.location.href),mine=seq;
if(next.pathname!==here.pathname){return push(state,title,url);}
var filled=false,lost=false,moved=false;place.forEach(function(p){var a=here.searchParams.get(p),
b=next.searchParams.get(p);if(a===b){return;}if(a===null){filled=true;}else if(b===null){lost=true;}
else{moved=true;}});
if(moved){return push(state,title,url);}
if(lost||(filled&&games.indexOf(page(here))===-1)){w.setTimeout(function(){
if(seq===mine&&w.location.pathname===here.pathname){swap(state,title,url);}},jk.wait);return;}
return swap(state,title,url);};
