/* eslint no-unused-vars: ["error", {"varsIgnorePattern": "^run$"}] */
// Scrolls a target (selector T) to just under Streamlit's header bar, placing it again while
// the run goes on and `idle` times after it, for at most 4 s (ui/common.py, bring_into_view).
// With C, only when an element C selects is cut by the header or the bottom of the screen.
// Sent in front of into_view.js and placer.js, which call run().
function bar(){var h=document.querySelector('[data-testid=stHeader]');
var r=h&&getComputedStyle(h).display!=='none'?h.getBoundingClientRect():null;
return r&&r.height?Math.max(0,r.bottom):0;}
function isCut(C,h){var c=false;document.querySelectorAll(C).forEach(function(e){
var r=e.getBoundingClientRect();if(r.height>0&&(h>r.top+1||r.bottom>window.innerHeight+1)){c=true;}});return c;}
function place(T,C){var b=document.querySelector(T);if(!b){return;}var h=bar();
if(C&&!isCut(C,h)){return;}var m=h+6;
if(Math.abs(b.getBoundingClientRect().top-m)>1){if(b.style.scrollMarginTop!==m+'px'){b.style.scrollMarginTop=m+'px';}
b.scrollIntoView({block:'start',behavior:'instant'});}}
function run(T,C,idle){var t0=Date.now(),quiet=0;function tick(){
var a=document.querySelector('[data-testid=stApp]');
if(a&&a.getAttribute('data-test-script-state')==='running'){quiet=0;}else{quiet+=1;}
place(T,C);if(quiet>=idle||Date.now()-t0>4000){return;}setTimeout(tick,150);}tick();}
