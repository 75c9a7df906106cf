/* global leftAt */
// The kiosk's idle watcher (ui/kiosk.py, idle_script): after jk.idle seconds without a touch,
// "are you still there?" over the page, counting down jk.countdown seconds, then back to
// jk.url. Texts come in jk (JSON) and go out as textContent. Installed once a tab; a later
// run only hands it its new texts.
var w=window;w.__jk=w.__jk||{};w.__jk.cfg=jk;
if(w.__jk.installed){return;}w.__jk.installed=true;var last=Date.now(),ov=null;
function touch(){if(!ov){last=Date.now();}}
['pointerdown','touchstart','keydown','wheel','scroll'].forEach(function(e){
document.addEventListener(e,touch,{capture:true,passive:true});});
// a tap anywhere on the overlay continues; the emptied overlay stays a moment
// to swallow a second fast tap, which would otherwise land on the page beneath
function hide(e){if(e){e.preventDefault();e.stopPropagation();}
if(ov&&!ov.jkGone){var o=ov;o.jkGone=true;o.textContent='';o.removeAttribute('id');
o.style.background='transparent';o.removeAttribute('role');
setTimeout(function(){o.remove();if(ov===o){ov=null;}last=Date.now();},600);}
last=Date.now();}
function show(){var c=w.__jk.cfg;ov=document.createElement('div');
ov.setAttribute('role','alertdialog');ov.setAttribute('aria-modal','true');
ov.setAttribute('aria-labelledby','jk-idle-title');ov.id='jk-idle';
ov.style.cssText='position:fixed;inset:0;z-index:2147483000;background:rgba(0,0,0,.75);'
+'display:flex;align-items:center;justify-content:center';
var box=document.createElement('div');box.style.cssText='background:#fff;color:#111;'
+'padding:2.5rem;border-radius:1rem;max-width:36rem;text-align:center;font-size:1.4rem';
var h=document.createElement('h2');h.id='jk-idle-title';h.textContent=c.title;
var p=document.createElement('p');var pre=document.createTextNode(''),
post=document.createTextNode('');
var n=document.createElement('strong');n.className='jk-count';n.setAttribute('aria-live','polite');
p.appendChild(pre);p.appendChild(n);p.appendChild(post);ov.jkParts=[pre,n,post];
var b=document.createElement('button');b.id='jk-idle-continue';b.textContent=c.button;
b.style.cssText='font-size:1.5rem;min-height:64px;min-width:220px;padding:.5rem 2rem;'
+'border-radius:.6rem;border:0;background:#1a5fb4;color:#fff;cursor:pointer';
ov.addEventListener('click',hide);box.appendChild(h);box.appendChild(p);box.appendChild(b);
ov.appendChild(box);document.body.appendChild(ov);b.focus();}
setInterval(function(){var c=w.__jk.cfg,idle=(Date.now()-last)/1000;
if(!ov&&idle>=c.idle){show();}
if(ov&&!ov.jkGone){var left=Math.max(0,Math.ceil(c.idle+c.countdown-idle));
var parts=ov.jkParts;if(parts[1].textContent!==String(left)){
var t=(left===1?c.one:c.other).split('%(seconds)s');
parts[0].nodeValue=t[0];parts[1].textContent=left;parts[2].nodeValue=t.slice(1).join('');}
if(left<=0){w.location.href=c.url+leftAt();}}},250);
