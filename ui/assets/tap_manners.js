// Tap manners (ui/tap_manners.py): a tap on a control drawn or moved under the finger a moment
// ago waits until the control is armed; the pressed look. jk: {arm: ms, near: px}.
var w=window;if(w.__jkTaps){return;}w.__jkTaps=true;
var ARM=jk.arm,NEAR=jk.near,born=new WeakMap(),last=null,replaying=false;
var SEL='button, summary';
function stamp(node,now){if(node.nodeType!==1){return;}
 if(node.matches&&node.matches(SEL)){born.set(node,now);arming(node,now);}
 if(node.querySelectorAll){node.querySelectorAll(SEL).forEach(function(b){born.set(b,now);arming(b,now);});}}
function on(){return !!document.querySelector('.jk-tap-manners');}
function rect(b){var r=b.getBoundingClientRect();return [r.left,r.top];}
var places=new WeakMap();
function moved(b){var was=places.get(b),now=rect(b);return !was||Math.abs(was[0]-now[0])>4||Math.abs(was[1]-now[1])>4;}
function note(){document.querySelectorAll(SEL).forEach(function(b){places.set(b,rect(b));});}

function arming(b,now){if(!on()||b.tagName!=='BUTTON'||last===null||now-last.t>2000){return;}
 b.classList.add('jk-arming');setTimeout(function(){b.classList.remove('jk-arming');},ARM);}
new MutationObserver(function(list){var now=performance.now();list.forEach(function(m){
 m.addedNodes.forEach(function(n){stamp(n,now);});});}).observe(document.documentElement,
 {childList:true,subtree:true});
var held=null;
function lift(){if(held!==null){held.classList.remove('jk-pressed');held=null;}}
w.addEventListener('pointerdown',function(e){if(!on()){return;}lift();
 var b=e.target&&e.target.closest?e.target.closest('button'):null;
 if(b&&!b.disabled){held=b;b.classList.add('jk-pressed');}},true);
w.addEventListener('pointerup',lift,true);w.addEventListener('pointercancel',lift,true);
w.addEventListener('click',function(e){if(replaying||!on()){return;}
 var t=e.target&&e.target.closest?e.target.closest(SEL):null;if(!t){return;}
 var now=performance.now(),seen=born.get(t),young=seen!==undefined&&now-seen< ARM;
 var near=last!==null&&now-last.t< ARM+400&&Math.abs(e.clientX-last.x)< NEAR&&Math.abs(e.clientY-last.y)< NEAR;
 if(near&&last.el!==t&&(young||last.el.isConnected===false||moved(t))){
  e.preventDefault();e.stopImmediatePropagation();last.t=now;return;}
 if(!young){last={x:e.clientX,y:e.clientY,t:now,el:t};note();return;}
 e.preventDefault();e.stopImmediatePropagation();
 last={x:e.clientX,y:e.clientY,t:now,el:t};note();t.classList.add('jk-pressed');
 setTimeout(function(){t.classList.remove('jk-pressed');if(t.isConnected&&!t.disabled){
  replaying=true;try{t.click();}finally{replaying=false;}}},Math.max(0,seen+ARM-now));},true);
