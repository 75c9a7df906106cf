/* global run */
// Once a page: whenever the app draws an element marked data-jk-place with a mark it has not
// handled, place that mark's target (place.js), from the next frame.
if(window.__jkPlacer){return;}window.__jkPlacer=1;var seen={};
function scan(){document.querySelectorAll('[data-jk-place]').forEach(function(e){
var k=e.getAttribute('data-jk-place');if(seen[k]){return;}seen[k]=1;var m=JSON.parse(k);
requestAnimationFrame(function(){run(m[1],m[2],3);});});}
new MutationObserver(scan).observe(document.body,{subtree:true,childList:true,attributes:true,
attributeFilter:['data-jk-place']});scan();
